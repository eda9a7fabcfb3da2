// Stands in for theme-classic's client module that loads Prism on every page at start-up (see ./index.ts and
// plugins/code-highlight.ts): the site highlights Markdown code at build time and loads Prism only where the
// browser highlights code itself.
export {};
