/**
 * `@docent/contract`: what the server, the widget and the Docusaurus plugin all need, defined once. Each module is also
 * its own entry (`@docent/contract/<module>`), so a bundle takes only what it uses: `attributes` (the widget's attribute
 * table, with its rows in `attributes/*`), `api` (the REST types), `projectId`, `stylesheets`, `answerThreshold`.
 */
export * from './answerThreshold.js';
export * from './api.js';
export * from './attributes.js';
export * from './projectId.js';
export * from './stylesheets.js';
