// The browser bundle's entry (see ../browser-start.ts): let the browser paint the page it has parsed, then
// start Docusaurus, whose client entry hydrates it. The import is eager: no extra request, only a later start.
import docusaurus from '@docusaurus/core/lib/client/docusaurus.js';

// Set now, as the client entry would have: Docusaurus' base-URL check runs when the document has been parsed and
// reports the site as broken if its scripts have not set this by then.
window.docusaurus = docusaurus;

let started = false;

function start(): void {
  if (started) return;
  started = true;
  void import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js');
}

// A frame, then the task after it: the paint has happened. A tab opened in the background gets no frames until it
// is shown, so a timer starts it there.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
