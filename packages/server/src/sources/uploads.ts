/**
 * What an upload may hold (addSource's `multipart/form-data`, `docent source add --type file`, `docent source push`
 * and files named in docent.config.json): per type, the file extensions, and for all of them the same limits.
 */
import path from 'node:path';
import { UPLOAD_EXTENSIONS } from './convert/index.js';
import type { UploadType } from './types.js';

/** 10 MB: the largest file one upload takes. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The most files one `file` upload takes. */
export const MAX_FILES = 20;

const EXTENSIONS: Record<UploadType, readonly string[]> = {
  file: UPLOAD_EXTENSIONS,
  openapi: ['.json', '.yaml', '.yml'],
  private: ['.zip'],
};

/** What one upload of this type may carry: `file` up to 20 files, the others one. */
export function maxFilesOf(type: UploadType): number {
  return type === 'file' ? MAX_FILES : 1;
}

/** Why a file of this name cannot be uploaded as this type, or null when it can. */
export function checkUpload(type: UploadType, name: string): string | null {
  const extension = path.extname(name).toLowerCase();
  const allowed = EXTENSIONS[type];
  if (allowed.includes(extension)) return null;
  const what = type === 'file' ? 'a file source takes' : type === 'openapi' ? 'an OpenAPI document is' : 'pushed private content is';
  return `${name} has the extension ${extension || '(none)'}, but ${what} ${allowed.join(', ')}; convert it, or rename it if it is one of these`;
}
