// html-validate's configuration for the built site (website/tests/build/html.test.ts runs it over every page).
// Each rule changed here conflicts with what Docusaurus or a theme emits by design; the comment says why.

/** @type {import('html-validate').ConfigData} */
const config = {
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // Docusaurus minifies every page: it drops attribute quotes, optional end tags (</p>, </li>, </body>) and
    // optional <tbody> start tags, and lowercases the doctype. All of that is valid HTML.
    'attr-quotes': 'off',
    'no-implicit-close': 'off',
    'prefer-tbody': 'off',
    'doctype-style': 'off',
    // Code blocks colour every token with an inline style (prism-react-renderer), and the theme sizes a few
    // elements inline; the site's own components use CSS modules.
    'no-inline-style': 'off',
    // prism-react-renderer joins the types of nested tokens into one class list, so a bash variable inside
    // another, such as "$API" in "$(…)", gets class="token variable string variable".
    'no-dup-class': 'off',
    // As in html-validate:standard: HTML allows any id without spaces (Docusaurus uses "__docusaurus"), and
    // a bare "&" that starts no character reference.
    'valid-id': ['error', { relaxed: true }],
    'no-raw-characters': ['error', { relaxed: true }],
    // Same-origin scripts and styles need no integrity hash; anything loaded from another origin would.
    'require-sri': ['error', { target: 'crossorigin' }],
    // Docusaurus' own layout uses ARIA roles on divs and links: the skip-to-content region, the announcement
    // bar's banner, and the sidebar's collapsible category links (role="button" on an <a> that also navigates).
    'prefer-native-element': ['error', { exclude: ['region', 'banner', 'button'] }],
  },
};

export default config;

/**
 * Errors in markup that docusaurus-theme-openapi-docs renders on the API pages (/api/…), which only copying
 * the theme's components into the site could change. The check ignores exactly these messages on those pages.
 */
export const knownThemeErrors = [
  // MethodEndpoint shows the operation's path as an <h2> inside a <pre>.
  { pages: /^\/api\//, rule: 'element-permitted-content', message: '<h2> element is not permitted as content under <pre>' },
  // Schema puts each property's <div> straight into a <ul>.
  { pages: /^\/api\//, rule: 'element-permitted-content', message: '<div> element is not permitted as content under <ul>' },
];
