// The browser bundle's entry (see ./index.ts). The page has been painted by the time this runs (the
// scripts load after the first paint: ./ssrTemplate.ts); what is left is to keep each task short. Running the
// bundle's modules, starting the route's chunks and running Docusaurus' client entry, which hydrates the page, take
// one task on a phone of 60 to 100 ms together; here they are spread over several tasks (the route's chunks one
// route per task), between which the browser can handle input.
// The imports are eager: no extra request, only a later start.
import docusaurus from '@docusaurus/core/lib/client/docusaurus.js';

// Set now, as the client entry would have: it replaces the page's stand-in (./ssrTemplate.ts).
window.docusaurus = docusaurus;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App.js');
  await nextTask();
  await startLoadingRouteChunks();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js');
}

/**
 * Starts loading the chunks of the routes the page's path matches, as Docusaurus' `preload` does (the same
 * routes, for the path as it is and decoded), one route per task: asking for a route's chunks adds a script
 * element per chunk, and a doc page's four or five routes took one task of 15 to 30 ms on a desktop together.
 * The client entry then preloads the same routes and gets the loads already under way, so its own task only
 * renders. A chunk that fails to load fails the client entry's own call as well, which handles it as it always has.
 */
async function startLoadingRouteChunks(): Promise<void> {
  const [{ default: routes }, { matchRoutes }] = await Promise.all([
    import(/* webpackMode: "eager" */ '@generated/routes'),
    import(/* webpackMode: "eager" */ 'react-router-config'),
  ]);
  const { pathname } = window.location;
  const matches = [...new Set([pathname, decodeURI(pathname)])].flatMap((path) => matchRoutes(routes, path));
  await nextTask();
  for (const { route } of matches) {
    // react-loadable's types say `void`; Docusaurus' components return the load's promise, as its preload awaits.
    Promise.resolve(route.component.preload?.()).catch(() => undefined);
    await nextTask();
  }
}

void start();
