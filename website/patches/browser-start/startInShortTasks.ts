// The browser bundle's entry (see ./index.ts). The page has been painted by the time this runs (the
// scripts load after the first paint: ./ssrTemplate.ts); what is left is to keep each task short. Running the
// bundle's modules, starting the route's chunks and running Docusaurus' client entry, which hydrates the page, take
// one task on a phone of 60 to 100 ms together; here they are spread over several tasks, between which the browser
// can handle input.
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
  // The route's chunks start loading in a task of their own: the client entry asks for the same ones next, and
  // gets the loads already under way, so its own task only renders.
  const { default: preload } = await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/preload.js');
  // A chunk that fails to load fails the client entry's own call as well, which handles it as it always has.
  preload(window.location.pathname).catch(() => undefined);
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js');
}

void start();
