// The browser's `pako` for the OpenAPI theme's ApiItem (see ./index.ts). ApiItem only calls `ungzip`, and only on a
// document that is still compressed: its `atob` fails first on the plain documents the site's build writes.

const COMPRESSED_DOCUMENT =
  "uncompressed-api-pages: this API page's OpenAPI document is compressed, and the request explorer cannot read it. " +
  "Set disableCompression: true in docusaurus-plugin-openapi-docs' options (website/docusaurus.config.ts) and regenerate the API pages.";

export function ungzip(): never {
  // ApiItem swallows what it throws; the console is where a reader, and the end-to-end suite, sees it.
  console.error(COMPRESSED_DOCUMENT);
  throw new Error(COMPRESSED_DOCUMENT);
}
