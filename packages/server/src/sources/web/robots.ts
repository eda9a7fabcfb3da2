/**
 * robots.txt, fetched once per origin per crawl and read with robots-parser. Per RFC 9309: a robots.txt that does
 * not exist (4xx) allows everything; one the server fails to serve (5xx) forbids everything, because the site may be
 * overloaded; one that cannot be fetched at all (refused address, DNS, TLS) makes every page of that origin fail for
 * the same reason, which is the clearer message.
 */
import robotsParserModule from 'robots-parser';
import type { GuardedResponse } from '../../net/guardedFetch.js';
import { FetchError } from '../../net/fetchError.js';

// The package is CommonJS (`module.exports = fn`) but its types say `export default`: Node hands ESM the function
// itself, which the types, read as Node reads them, call `.default`. Typed here by what it is.
type Robot = { isAllowed(url: string, ua?: string): boolean | undefined; getCrawlDelay(ua?: string): number | undefined };
const robotsParser = robotsParserModule as unknown as (url: string, robotstxt: string) => Robot;

type Rules = { kind: 'all' } | { kind: 'parsed'; robot: Robot; robotsUrl: string } | { kind: 'none'; reason: string } | { kind: 'unreadable'; reason: string };

export type RobotsAnswer = { verdict: 'allowed' } | { verdict: 'disallowed'; reason: string } | { verdict: 'failed'; reason: string };

export class RobotsCache {
  private readonly byOrigin = new Map<string, Promise<Rules>>();

  constructor(
    private readonly fetchRobots: (url: string) => Promise<GuardedResponse>,
    private readonly userAgent: string,
    /** Told the Crawl-delay robots.txt asks of this crawler, per host. */
    private readonly onCrawlDelay: (host: string, seconds: number) => void,
  ) {}

  async check(pageUrl: string): Promise<RobotsAnswer> {
    const url = new URL(pageUrl);
    let rules = this.byOrigin.get(url.origin);
    if (!rules) {
      rules = this.load(url);
      this.byOrigin.set(url.origin, rules);
    }
    const loaded = await rules;
    switch (loaded.kind) {
      case 'all':
        return { verdict: 'allowed' };
      case 'none':
        return { verdict: 'disallowed', reason: loaded.reason };
      case 'unreadable':
        return { verdict: 'failed', reason: loaded.reason };
      case 'parsed':
        // isAllowed answers undefined only for a URL of another origin, which the cache key rules out.
        return loaded.robot.isAllowed(pageUrl, this.userAgent) === false
          ? { verdict: 'disallowed', reason: `${loaded.robotsUrl} disallows ${pageUrl} for ${this.userAgent.split('/')[0] ?? this.userAgent}` }
          : { verdict: 'allowed' };
    }
  }

  private async load(page: URL): Promise<Rules> {
    const robotsUrl = `${page.origin}/robots.txt`;
    let response: GuardedResponse;
    try {
      response = await this.fetchRobots(robotsUrl);
    } catch (error) {
      return { kind: 'unreadable', reason: error instanceof FetchError ? error.message : `${robotsUrl} could not be fetched` };
    }
    if (response.status >= 500) {
      return { kind: 'none', reason: `${robotsUrl} answered ${response.status}, so the site is not crawled until it can be read (RFC 9309)` };
    }
    if (response.status >= 400 || response.status < 200 || response.status >= 300) return { kind: 'all' };
    const robot = robotsParser(robotsUrl, response.body.toString('utf8'));
    const delay = robot.getCrawlDelay(this.userAgent);
    if (delay !== undefined && delay > 0) this.onCrawlDelay(page.host, delay);
    return { kind: 'parsed', robot, robotsUrl };
  }
}
