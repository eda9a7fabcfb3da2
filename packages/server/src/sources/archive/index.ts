/**
 * Built-site archives, the `private` source type: a CI job pushes a zip of its built docs site, and the sync
 * indexes the pages in it. Reading is defensive (zip slip, zip bombs, entry and size limits) because the archive
 * comes over the network; every refusal is an UnreadableContent worded for the owner.
 */
export { readSiteArchive, type ArchivePage, type ArchiveSkip, type SiteArchive } from './read.js';
export { zipSiteFolder } from './zipFolder.js';
export { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './limits.js';
