import { projectEndpoint, type ApiEventsRequest } from '@docent/contract/api';
import type { ClientModule } from '@docusaurus/types';

export interface PageViewSettings {
  /** The Docent server's address, absolute or relative to the page (`/` when `docent serve` serves the site). */
  readonly apiUrl: string;
  readonly project: string;
}

type RouteDidUpdate = NonNullable<ClientModule['onRouteDidUpdate']>;

/** Whether the browser asks not to be tracked: Do Not Track or Global Privacy Control. */
function trackingRefused(): boolean {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  return navigator.doNotTrack === '1' || privacy.globalPrivacyControl === true;
}

/**
 * The site's page views, as a client module's `onRouteDidUpdate`: Docusaurus calls it once the first page has
 * rendered and after every client-side navigation, and it sends one `page_view` to the Docent server's
 * `recordEvents` per new path (a change of hash or query alone is no new page). No cookies, no identifiers, and
 * nothing at all when the browser sends Do Not Track or Global Privacy Control. Part of the site's own bundle, so
 * it runs under `script-src 'self'`. The plugin registers it only in connected mode.
 */
export function recordPageViews({ apiUrl, project }: PageViewSettings): RouteDidUpdate {
  let lastPath: string | undefined;
  return ({ location }) => {
    if (location.pathname === lastPath || trackingRefused()) return;
    lastPath = location.pathname;
    const endpoint = new URL(projectEndpoint(apiUrl, project, '/events'), window.location.href);
    const body = JSON.stringify({
      events: [{ type: 'page_view', url: window.location.href.split('#')[0] ?? '', timestamp: new Date().toISOString() }],
    } satisfies ApiEventsRequest);
    // The server accepts application/json only. On the same origin a beacon carries it; to another origin that
    // needs a CORS preflight, which beacons do not make everywhere, so a keepalive fetch goes instead.
    if (endpoint.origin === window.location.origin) {
      navigator.sendBeacon(endpoint.href, new Blob([body], { type: 'application/json' }));
    } else {
      void fetch(endpoint.href, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' } }).catch(() => undefined);
    }
  };
}
