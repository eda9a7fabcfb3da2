/**
 * `docent source push <dir>`: the pages of a built site folder as one zip, the same shape `readSiteArchive` reads.
 * Only .html/.htm files go in, since the server keeps nothing else; symlinks are not followed, so a link to `~` or
 * `/etc` in a build folder cannot pull files from elsewhere into the upload.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';
import { isPagePath } from './entryPath.js';

/** Zips the .html/.htm files under `dir` (recursively, paths relative to it, '/' separated); rejects when there are none. */
export async function zipSiteFolder(dir: string): Promise<Buffer> {
  const pages = await findPages(dir);
  if (pages.length === 0) {
    throw new Error(`${dir} holds no .html pages. Build the docs first, then push the folder the build writes (for Docusaurus, build/).`);
  }
  const zip = new yazl.ZipFile();
  for (const page of pages) zip.addFile(path.join(dir, ...page.split('/')), page);
  return collect(zip, dir);
}

/** Archive paths of the pages under `dir`, sorted so the same folder zips to the same entry order. */
async function findPages(dir: string): Promise<string[]> {
  const pages: string[] = [];
  const walk = async (relative: string[]): Promise<void> => {
    const absolute = path.join(dir, ...relative);
    let entries;
    try {
      entries = await readdir(absolute, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new Error(`${absolute} cannot be read (${code}). Give the path of the built site folder (for Docusaurus, build/).`);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.isDirectory()) await walk([...relative, entry.name]);
      else if (entry.isFile() && isPagePath(entry.name)) pages.push([...relative, entry.name].join('/'));
      // Symlinks, sockets and the like are left out: isDirectory/isFile are false for a symlink in a Dirent.
    }
  };
  await walk([]);
  return pages;
}

function collect(zip: yazl.ZipFile, dir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fail = (error: Error): void => reject(new Error(`The pages under ${dir} could not be zipped: ${error.message}`));
    // yazl reports a file it cannot read on the ZipFile, and stream failures on the output stream.
    zip.on('error', fail);
    zip.outputStream.on('error', fail);
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
}
