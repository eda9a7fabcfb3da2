// The page template of the build (Docusaurus' `ssrTemplate` option): Docusaurus' own (@docusaurus/core,
// lib/ssg/ssgTemplate.html.js) with one change, how the bundle's scripts load.
//
// Docusaurus lists them as `<script defer>` in the head, so the browser requests them while it is still parsing
// the page: on a slow connection their 120 kB of compressed script share the bandwidth with the rest of the page,
// and Lighthouse's simulated mobile connection counts their whole download against the Largest Contentful Paint
// (about 2.0 s instead of 1.0 s). Here a small inline script adds them, in order, once the parsed page has been
// painted (a frame, then the task after it); a hidden tab gets no frames, so a timer adds them there.
//
// Docusaurus' base-URL check (`baseUrlIssueBanner`) reports the site as broken when `window.docusaurus` is still
// unset once the document is parsed, which is always so now: the loader sets an empty stand-in at once (the bundle
// replaces it), and shows the check's banner itself when a script cannot load, as it does under a wrong base URL.

/** Runs in the page, as its source text: it may use nothing from this module or from the bundle. */
function loadScriptsAfterFirstPaint(sources: string[]): void {
  const stub = {};
  const win = window as unknown as { docusaurus?: unknown; insertBanner?: () => void };
  if (win.docusaurus === undefined) win.docusaurus = stub;
  let started = false;
  function failed(): void {
    if (win.docusaurus === stub) win.docusaurus = undefined;
    if (typeof win.insertBanner === 'function' && !document.getElementById('__docusaurus-base-url-issue-banner')) win.insertBanner();
  }
  function load(): void {
    if (started) return;
    started = true;
    for (let index = 0; index < sources.length; index += 1) {
      const script = document.createElement('script');
      script.src = sources[index] as string;
      script.async = false;
      script.onerror = failed;
      document.head.appendChild(script);
    }
  }
  function afterPaint(): void {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    setTimeout(load, 1000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
}

/** The template, in Eta as Docusaurus renders it; the loader is called with the page's scripts, in order. */
export function ssrTemplate(): string {
  const loader = loadScriptsAfterFirstPaint.toString();
  return `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <script>(${loader})(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
}
