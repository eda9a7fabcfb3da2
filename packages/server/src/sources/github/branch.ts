/**
 * Which branch a `github` source reads: the one it names, or the repository's default branch (where the remote's HEAD
 * points). Asked of the server before fetching, so a missing branch or an empty repository gets a message that says
 * what exists instead of a Git error.
 */
import { listServerRefs, type HttpClient } from 'isomorphic-git';

export type BranchChoice = { ok: true; branch: string } | { ok: false; message: string };

const BRANCH_PREFIX = 'refs/heads/';
/** Enough names to recognise the right one; a repository with hundreds of branches would drown the message. */
const BRANCHES_SHOWN = 20;

export async function chooseBranch(http: HttpClient, url: string, repository: string, wanted: string | null): Promise<BranchChoice> {
  if (wanted === null) {
    // Only HEAD is asked for: a GitHub repository advertises every pull request's refs, which can be thousands.
    const head = await listServerRefs({ http, url, prefix: 'HEAD', symrefs: true });
    const target = head.find((ref) => ref.ref === 'HEAD')?.target;
    if (target?.startsWith(BRANCH_PREFIX)) return { ok: true, branch: target.slice(BRANCH_PREFIX.length) };
  }

  const branches = (await listServerRefs({ http, url, prefix: BRANCH_PREFIX }))
    .map((ref) => ref.ref.slice(BRANCH_PREFIX.length))
    .sort((a, b) => a.localeCompare(b));
  if (branches.length === 0) return { ok: false, message: `The repository ${repository} has no commits yet: push a commit, then sync again.` };
  if (wanted === null) {
    // HEAD is detached or names a branch that was deleted: there is no default to fall back on.
    return { ok: false, message: `The repository ${repository} has no default branch: set the source's branch to one of ${listed(branches)}.` };
  }
  const branch = wanted.startsWith(BRANCH_PREFIX) ? wanted.slice(BRANCH_PREFIX.length) : wanted;
  if (branches.includes(branch)) return { ok: true, branch };
  return { ok: false, message: `The branch ${branch} does not exist in ${repository}. Its branches are: ${listed(branches)}.` };
}

function listed(branches: string[]): string {
  const shown = branches.slice(0, BRANCHES_SHOWN).join(', ');
  const more = branches.length - BRANCHES_SHOWN;
  return more > 0 ? `${shown} and ${more} more` : shown;
}
