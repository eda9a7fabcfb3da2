/**
 * Where the shadow roots load the stylesheets from: beside this module (`dist/docent.css` next to
 * `dist/docent.js`, `lib/docent.css` next to `lib/stylesheet.js`), so a strict `style-src 'self'` works and no
 * inline style is needed. `docent.css` comes with the button; `docent-dialog.css` with the dialog.
 * A host whose bundler moves the files can say where `docent.css` is with `setStylesheetUrl`
 * (`docent-dialog.css` is expected beside it).
 */
export type StylesheetName = 'docent.css' | 'docent-dialog.css';

let override: string | undefined;

export function setStylesheetUrl(url: string): void {
  override = url;
}

export function stylesheetUrl(name: StylesheetName = 'docent.css'): string {
  if (override !== undefined) return new URL(name, new URL(override, document.baseURI)).href;
  // Two literal `new URL(…, import.meta.url)` expressions, so bundlers see and copy both files.
  return name === 'docent.css'
    ? new URL('./docent.css', import.meta.url).href
    : new URL('./docent-dialog.css', import.meta.url).href;
}
