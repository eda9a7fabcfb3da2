// Preloaded (NODE_OPTIONS=--import) when tests run on a Node.js version other than the one npm installed with. The
// native addons in node_modules were compiled for that version's ABI and fail to load on this one, so imports of
// them go to copies compiled for this version; scripts/node-versions.mjs builds the copies and passes their folder
// in DOCENT_NATIVE_ADDONS as {"folder": "…", "names": ["better-sqlite3"]}.
import { register } from 'node:module';

if (process.env.DOCENT_NATIVE_ADDONS) register('./native-addons-hooks.mjs', import.meta.url, { data: JSON.parse(process.env.DOCENT_NATIVE_ADDONS) });
