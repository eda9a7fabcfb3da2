/**
 * Where the shadow roots load the stylesheets from: beside this module (`dist/docent.css` next to
 * `dist/docent.js`, `lib/docent.css` next to `lib/stylesheet.js`), so a strict `style-src 'self'` works and no
 * inline style is needed. `docent.css` comes with every element; `docent-chat.css` with `<docent-chat-button>` and
 * `<docent-chat>`; `docent-dialog.css` with the dialog; `docent-feedback.css` with `<docent-feedback>`.
 * A host whose bundler moves the files can say where `docent.css` is with `setStylesheetUrl`
 * (the other stylesheets are expected beside it).
 */
export type StylesheetName = 'docent.css' | 'docent-chat.css' | 'docent-dialog.css' | 'docent-feedback.css';

let override: string | undefined;

export function setStylesheetUrl(url: string): void {
  override = url;
}

export function stylesheetUrl(name: StylesheetName = 'docent.css'): string {
  if (override !== undefined) return new URL(name, new URL(override, document.baseURI)).href;
  // Literal `new URL(…, import.meta.url)` expressions, so bundlers see and copy every file.
  if (name === 'docent-feedback.css') return new URL('./docent-feedback.css', import.meta.url).href;
  if (name === 'docent-chat.css') return new URL('./docent-chat.css', import.meta.url).href;
  return name === 'docent.css'
    ? new URL('./docent.css', import.meta.url).href
    : new URL('./docent-dialog.css', import.meta.url).href;
}
