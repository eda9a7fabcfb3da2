/**
 * The `github` source type as a library for the sync runner: any Git repository served over http(s), read at one
 * branch. Nothing here throws for bad input; every problem ends in `fatal` or `failures`, worded for the owner.
 */
export { collectGithub, DEFAULT_GITHUB_PATHS } from './collect.js';
export type { GithubCollectOptions, GithubCollectResult, GithubSourceConfig } from './collect.js';
export { cloneUrlOf } from './repository.js';
