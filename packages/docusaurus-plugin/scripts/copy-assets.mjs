// tsc compiles the theme components and the client code; their stylesheets are copied beside them unchanged.
import { cp } from 'node:fs/promises';

await cp('src/theme', 'lib/theme', {
  recursive: true,
  filter: (source) => !/\.tsx?$/.test(source) || source.endsWith('.css'),
});
await cp('src/client/siteLook.css', 'lib/client/siteLook.css');
