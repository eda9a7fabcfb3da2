/**
 * The widget's stylesheets, each one loaded by the shadow roots that need it: `docent.css` with every element,
 * `docent-chat.css` with `<docent-chat-button>` and `<docent-chat>`, `docent-dialog.css` with the dialog,
 * `docent-feedback.css` with `<docent-feedback>`. The widget's build minifies these files into lib/ and dist/, and the
 * Docusaurus plugin copies them into the site.
 */
export const STYLESHEETS = ['docent.css', 'docent-chat.css', 'docent-dialog.css', 'docent-feedback.css'] as const;

export type StylesheetName = (typeof STYLESHEETS)[number];
