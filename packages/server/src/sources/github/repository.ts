/**
 * Where a `github` source's repository lives: the clone URL that git fetches, and the web page of each file that a
 * citation links to. Both come from the `repository` setting alone, so they need no network.
 */

/** GitHub's own rules: owners are letters, digits and single hyphens; names add dots and underscores. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** `owner/name` → `https://github.com/owner/name.git`; a clone URL is checked and returned. */
export function cloneUrlOf(repository: string): string {
  const input = repository.trim();
  if (input === '') throw new Error('The source has no repository: give it as owner/name or as an https clone URL.');
  if (!input.includes('://')) return shorthandCloneUrl(input);

  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new Error(`"${input}" is not a valid repository URL: give it as owner/name or as an https clone URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${url.protocol.replace(/:$/, '')} repository URLs are not supported: give it as owner/name or as an https clone URL.`);
  }
  if (url.username !== '' || url.password !== '') {
    // A credential in the URL would be stored in plain sight and shown back in listings and messages.
    throw new Error('The repository URL contains credentials: remove them from the URL and add the token to the source instead.');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new Error(`The repository URL ${url.origin}${url.pathname} must not have a query or a fragment: git adds its own paths after it.`);
  }
  if (url.pathname.replace(/\/+$/, '') === '') {
    throw new Error(`${url.origin} names a host, not a repository: give the repository's clone URL.`);
  }
  return url.href.replace(/\/+$/, '');
}

function shorthandCloneUrl(input: string): string {
  const parts = input.split('/');
  const [owner, rawName] = parts;
  const name = rawName?.replace(/\.git$/, '');
  if (parts.length !== 2 || owner === undefined || name === undefined || !OWNER.test(owner) || !NAME.test(name) || name === '.' || name === '..') {
    throw new Error(`"${input}" is not a repository: give it as owner/name (for example facebook/docusaurus) or as an https clone URL.`);
  }
  return `https://github.com/${owner}/${name}.git`;
}

/**
 * The web page of a file at a branch, as GitHub, GitLab, Gitea and Forgejo all lay it out: the repository's URL
 * without `.git`, then `/blob/<branch>/<path>`. A branch with a slash keeps it (`release/2.x`), as those hosts do.
 */
export function filePageUrl(cloneUrl: string, branch: string, path: string): string {
  const base = cloneUrl.replace(/\/+$/, '').replace(/\.git$/, '');
  return `${base}/blob/${encodeSegments(branch)}/${encodeSegments(path)}`;
}

/** The repository's page for a branch: where a failure about the source as a whole points. */
export function branchPageUrl(cloneUrl: string, branch: string): string {
  const base = cloneUrl.replace(/\/+$/, '').replace(/\.git$/, '');
  return `${base}/tree/${encodeSegments(branch)}`;
}

function encodeSegments(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
