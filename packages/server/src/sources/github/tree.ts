/**
 * The files of a fetched commit, read straight from Git's object store: no checkout, so nothing of the repository is
 * ever written out as a file (a hostile repository cannot place a symlink or a huge file on this disk).
 */
import fs from 'node:fs';
import { readBlob, readTree } from 'isomorphic-git';

export interface TreeFile {
  /** Repository-relative, with `/` separators: `docs/intro.md`. */
  path: string;
  /** The blob's object id: read the bytes with readFileBytes. */
  oid: string;
}

/** Git's mode for an ordinary (possibly executable) file; links (120000) and submodules (160000) are not files. */
const FILE_MODES = new Set(['100644', '100755']);

/**
 * Every file of the commit's tree for which `wanted` holds, in path order. `cache` is shared with readFileBytes so
 * the pack's index is parsed once, not once per object.
 */
export async function listFiles(gitdir: string, commit: string, wanted: (path: string) => boolean, cache: object): Promise<TreeFile[]> {
  const files: TreeFile[] = [];
  const visit = async (treeOid: string, prefix: string): Promise<void> => {
    const { tree } = await readTree({ fs, gitdir, oid: treeOid, cache });
    for (const entry of tree) {
      const path = prefix + entry.path;
      if (entry.type === 'tree') await visit(entry.oid, `${path}/`);
      else if (entry.type === 'blob' && FILE_MODES.has(entry.mode) && wanted(path)) files.push({ path, oid: entry.oid });
    }
  };
  await visit(commit, '');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function readFileBytes(gitdir: string, file: TreeFile, cache: object): Promise<Uint8Array> {
  const { blob } = await readBlob({ fs, gitdir, oid: file.oid, cache });
  return blob;
}
