/** This release of @docent/server, read from its package.json (one folder up from src/ and from dist/). */
import { readFileSync } from 'node:fs';

export const DOCENT_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
