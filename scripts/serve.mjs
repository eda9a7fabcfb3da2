// Serves a built site until stopped: node scripts/serve.mjs [--dir website/build] [--port 3000] [--base /]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib.mjs';
import { startStaticServer } from './static-server.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'website/build' },
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '127.0.0.1' },
    base: { type: 'string', default: '/' },
  },
});

const root = resolve(ROOT, values.dir);
if (!existsSync(resolve(root, 'index.html'))) {
  console.error(`No built site in ${values.dir}: run "npm run build" first.`);
  process.exit(1);
}
const server = await startStaticServer({ root, port: Number(values.port), host: values.host, basePath: values.base });
const shownHost = values.host === '127.0.0.1' ? 'localhost' : values.host;
console.log(`Serving ${values.dir} at http://${shownHost}:${values.port}${values.base}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
