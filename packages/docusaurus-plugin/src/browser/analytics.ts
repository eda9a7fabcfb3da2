/**
 * /analytics.js: the site's own analytics script. It records a page view (on load and on every client-side
 * navigation) by sending a beacon to the Docent server's `recordEvents`, and nothing else: no cookies, no
 * identifiers, nothing at all when the browser sends Do Not Track or Global Privacy Control, and nothing in static
 * mode (no `data-api-url`). A plain script, no imports: it runs under `script-src 'self'`.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const apiUrl = script?.dataset.apiUrl;
  const project = script?.dataset.project;
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (!apiUrl || !project || navigator.doNotTrack === '1' || privacy.globalPrivacyControl === true) return;

  const endpoint = new URL(`v1/projects/${encodeURIComponent(project)}/events`, new URL(apiUrl.replace(/\/?$/, '/'), location.href)).href;
  let lastPath = '';

  const pageView = (): void => {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    const body = JSON.stringify({ events: [{ type: 'page_view', url: location.href.split('#')[0], timestamp: new Date().toISOString() }] });
    // The server accepts application/json only. On the same origin a beacon carries it; to another origin that
    // needs a CORS preflight, which beacons do not make everywhere, so a keepalive fetch goes instead.
    if (new URL(endpoint).origin === location.origin) {
      navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
    } else {
      void fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' } }).catch(() => undefined);
    }
  };

  // Docusaurus changes pages with history.pushState; a popstate covers back and forward.
  const push = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    push(...args);
    setTimeout(pageView, 0);
  };
  addEventListener('popstate', () => setTimeout(pageView, 0));
  pageView();
})();
