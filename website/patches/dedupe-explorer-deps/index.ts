import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import logger from '@docusaurus/logger';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { checkedReplacements, type ModuleAlias } from '../checkedReplacements';

type Require = ReturnType<typeof createRequire>;

/** The folder of a package as `from` resolves it, or undefined when it is not installed there. */
function packageDir(from: Require, name: string): string | undefined {
  try {
    return dirname(from.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

function versionOf(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The part of a version that semver lets break: `4` for 4.17.21, `0.6` for 0.6.3. */
function breakingPart(version: string): string {
  const [major, minor] = version.split('.');
  return major === '0' ? `0.${minor}` : String(major);
}

/**
 * Folds the duplicate copies of the API request explorer's dependencies into one, in the browser bundle only,
 * and swaps four modules the explorer does not need whole for browser stand-ins. This took the explorer chunk of
 * an API page from about 1.6 MiB to about 0.5 MiB gzip, and the stand-ins for faker and sucrase from 534 to 390 KiB.
 *
 * Why there are copies: postman-code-generators (the explorer's code samples) is published with a node_modules
 * folder inside several of its codegens (`codegens/<language>/node_modules`), installed by its own postinstall
 * and out of npm's reach, so npm cannot dedupe them. Each holds a full postman-collection 5.0.0 tree (lodash,
 * @faker-js/faker, iconv-lite, mime-db, ...) or its own lodash; the bundler follows Node resolution and packs
 * every copy.
 *
 * Each alias maps to the copy the site's own resolution finds (the hoisted one in the root node_modules), or to
 * the first codegen copy if there is none, and only when every codegen copy has the same semver-major (`0.minor`
 * below 1.0) as that target; otherwise the alias is left out with a warning and the copies stay, which is
 * bigger but correct. What was found when this was written (all same major):
 * - postman-collection: root 5.3.1; codegens http, nodejs-native, python-http.client 5.0.0.
 * - lodash: root 4.18.1; seven codegens 4.17.21.
 * - @faker-js/faker: root and three codegens 5.5.3 (now all folded into a stand-in instead, below).
 * - iconv-lite: root and three codegens 0.6.3 (body-parser's 0.4.24 is server-side, never in the browser bundle).
 */
export default function dedupeExplorerDeps(context: LoadContext): Plugin {
  const fromSite = createRequire(join(context.siteDir, 'package.json'));
  const theme = packageDir(fromSite, 'docusaurus-theme-openapi-docs');
  const generators = theme && packageDir(createRequire(join(theme, 'package.json')), 'postman-code-generators');
  const codegens = generators ? join(generators, 'codegens') : undefined;

  /** The copies inside the codegens' own node_modules folders. */
  function codegenCopies(name: string): string[] {
    if (!codegens || !existsSync(codegens)) return [];
    return readdirSync(codegens)
      .map((codegen) => join(codegens, codegen, 'node_modules', name))
      .filter((dir) => existsSync(join(dir, 'package.json')));
  }

  /** `key` → one copy of `name`, folding the codegens' copies, when there are copies and they are compatible. */
  function oneCopy(key: string, name: string): ModuleAlias[] {
    const copies = codegenCopies(name);
    const target = packageDir(fromSite, name) ?? copies[0];
    if (!target || copies.length === 0) return [];
    const expected = breakingPart(versionOf(target));
    const incompatible = copies.filter((dir) => breakingPart(versionOf(dir)) !== expected);
    if (incompatible.length > 0) {
      const found = incompatible.map((dir) => `${dir} is ${versionOf(dir)}`).join(', ');
      logger.warn(`dedupe-explorer-deps: ${name} stays duplicated, the copies are not compatible with ${versionOf(target)}: ${found}`);
      return [];
    }
    return [{ key, target, folds: copies.filter((dir) => dir !== target) }];
  }

  /** A browser stand-in of this patch, by file name. */
  const shim = (file: string): string => join(__dirname, 'browser-shims', file);

  /** `@faker-js/faker/locale/en` → the stand-in, folding every installed copy of faker (the root's and the codegens'). */
  function fakerStandIn(): ModuleAlias[] {
    const root = packageDir(fromSite, '@faker-js/faker');
    const folds = [...(root ? [root] : []), ...codegenCopies('@faker-js/faker')];
    return [{ key: '@faker-js/faker/locale/en$', target: shim('faker-en.cjs'), folds }];
  }

  /** `sucrase` → the stand-in, folding the copy react-live resolves (the build fails if it is still bundled). */
  function sucraseStandIn(): ModuleAlias[] {
    const reactLive = theme && packageDir(createRequire(join(theme, 'package.json')), 'react-live');
    const sucrase = reactLive && packageDir(createRequire(join(reactLive, 'package.json')), 'sucrase');
    return [{ key: 'sucrase$', target: shim('sucrase.cjs'), folds: sucrase ? [sucrase] : [] }];
  }

  const aliases: ModuleAlias[] = [
    // postman-collection: the root copy, the theme's own. Without `$`, so the codegens' deep imports
    // (`postman-collection/lib/collection/url`, `.../request`) go there too; with the three 5.0.0 trees gone
    // go their lodash, faker, iconv-lite, uuid, semver and mime-types + mime-db (5.3 uses `mime` instead).
    ...oneCopy('postman-collection', 'postman-collection'),
    // lodash: the full build, which four codegens (dart-dio, kotlin-okhttp, nodejs-axios, rust-reqwest) require
    // from their own lodash 4.17.21. Bare `lodash` only (`$`): `lodash/merge` and the like resolve as before.
    ...oneCopy('lodash$', 'lodash'),
    // iconv-lite: postman-collection's charset decoding; one copy even if something still reaches a codegen tree.
    ...oneCopy('iconv-lite', 'iconv-lite'),
    // @faker-js/faker: only postman-collection's dynamic variables (`{{$randomCity}}`) import it, and the
    // explorer never resolves them (browser-shims/faker-en.cjs). The stand-in keeps about 360 KiB of script
    // (faker and its English data), and the 18 ms a desktop took to start them, off the explorer's load. Every
    // copy is folded into it: the build fails if any faker module is still bundled.
    ...fakerStandIn(),
    // sucrase: react-live, the body editor's library, compiles the editor's text with it to render a preview;
    // the site's LiveEditor (src/theme/ApiExplorer/LiveEditor) gives react-live a transform that returns no code,
    // so it never gets that far. The stand-in (about 200 KiB of script less) reports it on the console if it does.
    ...sucraseStandIn(),
    // crypto-js: the explorer only calls `CryptoJS.SHA1(text).toString()` (ApiExplorer/storage-utils, to name
    // the stored auth settings); nothing else in the browser bundle imports crypto-js. The stand-in exports
    // just SHA1 (same algorithm, same stored keys) instead of every cipher and hash (~25 KiB gzip).
    // Exact `crypto-js$`, so the stand-in's own `crypto-js/sha1` is not redirected.
    { key: 'crypto-js$', target: shim('crypto-js-sha1.cjs') },
    // chalk: the only browser-side user is the OpenAPI plugin's createSchemaExample, which colours one
    // console.error warning yellow; in a browser console the ANSI codes are noise. The stand-in returns the text
    // as chalk would without colour (~7 KiB gzip less on every API page).
    { key: 'chalk$', target: shim('chalk.cjs') },
  ];

  return {
    name: 'dedupe-explorer-deps',
    configureWebpack(_config, isServer, { currentBundler }) {
      // The server bundle renders pages in Node, where size does not matter and the real modules work.
      return isServer ? {} : checkedReplacements('dedupe-explorer-deps', currentBundler.instance, { aliases });
    },
  };
}
