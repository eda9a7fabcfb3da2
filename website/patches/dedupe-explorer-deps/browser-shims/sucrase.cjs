// Browser stand-in for `sucrase` (see ../index.ts). Its one browser-side importer is react-live, which calls
// `transform` only to compile the editor's text for a preview. The site's body editor
// (src/theme/ApiExplorer/LiveEditor) stops react-live before that, so this is never called; if an upgrade of the
// theme or of react-live changes that, the console says so, which the end-to-end suite fails on.
'use strict';

const NOT_BUNDLED =
  'dedupe-explorer-deps: react-live asked sucrase to compile the API explorer\'s body for a preview, but the browser bundle has no sucrase. ' +
  'Check that src/theme/ApiExplorer/LiveEditor still passes react-live a transformCode that returns no code.';

function transform() {
  console.error(NOT_BUNDLED);
  throw new Error(NOT_BUNDLED);
}

module.exports = { transform };
