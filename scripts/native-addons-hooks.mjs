// Module resolution hooks for native-addons.mjs: `better-sqlite3` (or a path inside it) resolves as if it were
// imported from the folder of copies, so its node_modules/better-sqlite3 is found first.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

let parentURL;
let names;

export function initialize({ folder, names: addonNames }) {
  parentURL = pathToFileURL(join(folder, 'index.js')).href;
  names = new Set(addonNames);
}

/** The package name a bare specifier starts with: "better-sqlite3/lib/x.js" → "better-sqlite3", "@a/b/c" → "@a/b". */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function resolve(specifier, context, nextResolve) {
  if (names.has(packageName(specifier))) return nextResolve(specifier, { ...context, parentURL });
  return nextResolve(specifier, context);
}
