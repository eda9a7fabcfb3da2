// npm start: install what is missing, build the site in connected mode, and serve it with the Docent server
// (the site and the REST API from one origin, data in ./.docent/docent.db) on http://localhost:3000.
import { buildSite } from './build.mjs';
import { ensureDependencies, mustRun } from './lib.mjs';

await ensureDependencies();
await buildSite({ env: { DOCENT_API_URL: '/' } });
await mustRun('node', [
  'packages/server/bin/docent.js',
  'serve',
  '--site',
  'website/build',
  '--project',
  'docent-docs',
  '--port',
  process.env.PORT ?? '3000',
]);
