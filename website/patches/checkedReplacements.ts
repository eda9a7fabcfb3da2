import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import type { ConfigureWebpackUtils } from '@docusaurus/types';
import type { Compiler, Configuration, Module, WebpackPluginInstance } from 'webpack';

/** A module the bundle takes from the site instead of from a package (the bundler's NormalModuleReplacementPlugin). */
export interface ModuleReplacement {
  /** The request as the package's code writes it (`./browserContext`). */
  readonly request: RegExp;
  /** Only requests made from a folder that matches (the importing package's own folder); any folder without it. */
  readonly context?: RegExp;
  /** The site's stand-in, an absolute path. */
  readonly file: string;
}

/** A module resolution alias (`resolve.alias`): `key` as the bundler reads it (`key$` for the bare name only). */
export interface ModuleAlias {
  readonly key: string;
  /** The file or package folder the key resolves to, an absolute path. */
  readonly target: string;
  /** Package folders the alias exists to keep out of the bundle (duplicate copies it folds into `target`). */
  readonly folds?: readonly string[];
}

/** A loader that rewrites one upstream file's source as the bundler reads it (it fails the build if it cannot). */
export interface SourceRewrite {
  /** The upstream file, matched against its absolute path. */
  readonly file: RegExp;
  /** The loader, an absolute path. */
  readonly loader: string;
}

type Bundler = ConfigureWebpackUtils['currentBundler']['instance'];

interface ResolveRequest {
  request: string;
  readonly context: string;
}

/** The file a module was read from, without its query; none for modules that are not files. */
function resourceOf(module: Module): string | undefined {
  const resource = (module as Module & { resource?: unknown }).resource;
  return typeof resource === 'string' ? resource.split('?')[0] : undefined;
}

/** Whether `resource` is the file `target` or a file in the folder `target`. */
function isIn(resource: string, target: string): boolean {
  return resource === target || resource.startsWith(target.endsWith(sep) ? target : `${target}${sep}`);
}

/**
 * One patch's module replacements, aliases and source rewrites, as bundler configuration, checked. Once the
 * compilation has all its modules, the build fails, naming the patch, when a replacement's stand-in, an alias's
 * target or a rewrite's file is not among them (the upstream import it catches has moved or gone, and the patch
 * would do nothing), or when a module from a folder an alias folds is (the alias no longer catches what it exists
 * for). The check reads the module graph
 * rather than counting resolutions, so it holds for builds that reuse the bundler's persistent cache, which
 * resolves only what changed. A stand-in or loader that does not exist fails at once. `patch` is the patch's name in
 * website/patches/README.md.
 */
export function checkedReplacements(
  patch: string,
  bundler: Bundler,
  {
    replacements = [],
    aliases = [],
    rewrites = [],
  }: { replacements?: readonly ModuleReplacement[]; aliases?: readonly ModuleAlias[]; rewrites?: readonly SourceRewrite[] },
): Configuration {
  for (const file of [...replacements.map((replacement) => replacement.file), ...aliases.map((alias) => alias.target), ...rewrites.map((rewrite) => rewrite.loader)]) {
    if (!existsSync(file)) throw new Error(`${patch}: the stand-in ${file} does not exist (website/patches/README.md)`);
  }
  const plugins: WebpackPluginInstance[] = replacements.map(
    ({ request, context, file }) =>
      new bundler.NormalModuleReplacementPlugin(request, (resource: ResolveRequest) => {
        if (!context || context.test(resource.context)) resource.request = file;
      }),
  );
  plugins.push({
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(patch, (compilation) => {
        compilation.hooks.finishModules.tap(patch, (modules) => {
          const resources = [...modules].flatMap((module) => resourceOf(module) ?? []);
          const bundled = (target: string): boolean => resources.some((resource) => isIn(resource, target));
          const problems = [
            ...replacements
              .filter(({ file }) => !bundled(file))
              .map(({ request, context }) => `the replacement of ${String(request)}${context ? ` imported from ${String(context)}` : ''} matched no module`),
            ...aliases.filter(({ target }) => !bundled(target)).map(({ key }) => `the alias "${key}" matched no module`),
            ...aliases.flatMap(({ key, folds = [] }) =>
              folds.filter(bundled).map((copy) => `the alias "${key}" left ${copy} in the bundle, which it exists to fold`),
            ),
            ...rewrites.filter(({ file }) => !resources.some((resource) => file.test(resource))).map(({ file }) => `the rewrite of ${String(file)} matched no module`),
          ];
          for (const problem of problems) {
            compilation.errors.push(
              new bundler.WebpackError(`${patch}: ${problem}. The upstream module it patches has moved or gone: update or remove the patch (website/patches/README.md).`),
            );
          }
        });
      });
    },
  });
  const rules = rewrites.map(({ file, loader }) => ({ test: file, use: [{ loader }] }));
  return {
    plugins,
    ...(rules.length > 0 ? { module: { rules } } : {}),
    ...(aliases.length > 0 ? { resolve: { alias: Object.fromEntries(aliases.map(({ key, target }) => [key, target])) } } : {}),
  };
}
