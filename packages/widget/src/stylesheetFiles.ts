import type { StylesheetName } from '@docent/contract/stylesheets';

/**
 * The stylesheets beside this module (`dist/docent.css` next to `dist/docent.js`, `lib/docent.css` next to
 * `lib/stylesheetFiles.js`). Literal `new URL(…, import.meta.url)` expressions, so bundlers see and copy every file.
 */
export function bundledStylesheetUrl(name: StylesheetName): string {
  if (name === 'docent-feedback.css') return new URL('./docent-feedback.css', import.meta.url).href;
  if (name === 'docent-chat.css') return new URL('./docent-chat.css', import.meta.url).href;
  return name === 'docent.css'
    ? new URL('./docent.css', import.meta.url).href
    : new URL('./docent-dialog.css', import.meta.url).href;
}
