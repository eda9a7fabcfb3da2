// npm start: install what is missing, build the site, serve it on http://localhost:3000.
import { buildSite } from './build.mjs';
import { ensureDependencies, mustRun } from './lib.mjs';

await ensureDependencies();
await buildSite();
await mustRun('node', ['scripts/serve.mjs', '--port', process.env.PORT ?? '3000']);
