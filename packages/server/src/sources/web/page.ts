/**
 * Fetch one page and say what it is: an HTML page with its signals, something to skip (robots.txt, not HTML), or a
 * failure with words for the site owner. Whether to store it (noindex, canonical, scope) is the queue's decision.
 */
import { STATUS_CODES } from 'node:http';
import { FetchError, type GuardedResponse } from '../../net/guardedFetch.js';
import type { Crawl } from './crawl.js';
import { decodeBody, isHtmlMime, looksLikeHtml, parseContentType } from './decode.js';
import { readDirectives, type Directives } from './directives.js';
import { readPageSignals, type PageSignals } from './html.js';
import { normaliseUrl } from './urls.js';

export type PageOutcome =
  | { kind: 'page'; finalUrl: string; html: string; signals: PageSignals; directives: Directives }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string; status?: number };

export function httpStatusReason(status: number): string {
  const text = STATUS_CODES[status];
  return text ? `HTTP ${status} ${text}` : `HTTP ${status}`;
}

export async function fetchPage(crawl: Crawl, url: string): Promise<PageOutcome> {
  const robots = await crawl.robots.check(url);
  if (robots.verdict === 'disallowed') return { kind: 'skipped', reason: robots.reason };
  if (robots.verdict === 'failed') return { kind: 'failed', reason: robots.reason };

  let response: GuardedResponse;
  try {
    response = await crawl.fetch(url, 'page');
  } catch (error) {
    return { kind: 'failed', reason: error instanceof FetchError ? error.message : `${url} could not be fetched` };
  }
  if (response.status < 200 || response.status >= 300) {
    const reason = response.status >= 300 && response.status < 400 ? `${httpStatusReason(response.status)} without a Location to follow` : httpStatusReason(response.status);
    return { kind: 'failed', reason, status: response.status };
  }

  const { mime, charset } = parseContentType(response.headers['content-type']);
  if (mime ? !isHtmlMime(mime) : !looksLikeHtml(response.body)) {
    return { kind: 'skipped', reason: `not an HTML page (${mime || 'no Content-Type'})` };
  }
  const html = decodeBody(response.body, charset);
  const signals = readPageSignals(html, crawl.agentToken);
  const directives = readDirectives(signals.robotsMeta, response.headers['x-robots-tag'], crawl.agentToken);
  return { kind: 'page', finalUrl: normaliseUrl(response.url) ?? url, html, signals, directives };
}
