// Does the dependency tree agree with `engines`? Every package that the lockfile installs declares, in its own
// `engines.node`, the Node.js versions it runs on. A package of ours may only claim versions that every package it
// brings in admits: a published package answers for its run-time dependencies (what a user's `npm install` adds),
// the repository's root for everything `npm ci` installs, development tools included.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/** The `packages` map of package-lock.json: lockfile path ('' for the root, 'packages/server', 'node_modules/x') to entry. */
export function lockedPackages(root) {
  return JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
}

/** The lockfile path of the copy of `name` that the package at `from` loads, looking up through node_modules folders as Node does. */
export function resolveLocked(packages, from, name) {
  let folder = from;
  for (;;) {
    const path = `${folder ? `${folder}/` : ''}node_modules/${name}`;
    const entry = packages[path];
    if (entry) return entry.link ? entry.resolved : path;
    if (!folder) return undefined;
    const nested = folder.lastIndexOf('/node_modules/');
    folder = nested >= 0 ? folder.slice(0, nested) : '';
  }
}

/** Names a lockfile entry depends on: dependencies, optional ones and the peers npm installs; devDependencies when asked. */
function dependencyNames(entry, withDev) {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers, ...(withDev ? Object.keys(entry.devDependencies ?? {}) : [])];
}

/**
 * Everything the start packages bring in, each lockfile path with the chain of names that leads to it. The start
 * packages' own devDependencies count when `dev` is set (they are installed for the repository, never for a user);
 * a dependency's devDependencies never do. Missing entries (an optional package for another platform that the lockfile
 * leaves out) are skipped.
 */
export function dependencyClosure(packages, starts, { dev = false } = {}) {
  const chains = new Map(starts.map((start) => [start, [packages[start].name ?? start]]));
  const queue = [...starts];
  while (queue.length > 0) {
    const path = queue.shift();
    const entry = packages[path];
    for (const name of dependencyNames(entry, dev && starts.includes(path))) {
      const target = resolveLocked(packages, path, name);
      if (target === undefined || chains.has(target)) continue;
      chains.set(target, [...chains.get(path), name]);
      queue.push(target);
    }
  }
  return chains;
}

/**
 * Whether every version in `range` satisfies `wanted`. semver.subset compares one comparator set with one, so
 * ">=22 <27" would not count as inside "22.x || 23.x || 24.x || 25.x || 26.x"; each set of `range` is therefore cut
 * into one slice per major version first, and each slice must lie inside `wanted`.
 */
export function admits(wanted, range) {
  return new semver.Range(range).set.every((comparators) => {
    const set = comparators.map((comparator) => comparator.value).join(' ');
    const slices = Array.from({ length: 100 }, (_, major) => `${set} >=${major}.0.0 <${major + 1}.0.0-0`);
    return [...slices, `${set} >=100.0.0`].every((slice) => semver.subset(slice, wanted));
  });
}

/**
 * The packages in `chains` whose `engines.node` does not admit every version of `range`, as readable lines:
 * "fastify > light-my-request > cookie@2.0.2 requires node >=22". Empty when the tree agrees with `range`.
 */
export function engineConflicts(packages, chains, range) {
  const conflicts = [];
  for (const [path, chain] of chains) {
    const wanted = packages[path].engines?.node;
    if (!wanted || admits(wanted, range)) continue;
    conflicts.push(`${chain.join(' > ')}@${packages[path].version} requires node ${wanted}`);
  }
  return conflicts.sort();
}

/** The workspaces a user installs from the registry: those whose package.json is not private (the lockfile does not say). */
export function publishedWorkspaces(root, packages) {
  return Object.keys(packages).filter((path) => path !== '' && !path.includes('node_modules/') && !JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8')).private);
}
