/**
 * `@docent/widget/attributes`: the widget's attribute table, for the site's generated reference and for hosts that
 * parse attributes themselves. The table is defined in `@docent/contract/attributes`, which the server and the
 * Docusaurus plugin read too; this entry re-exports it.
 */
export * from '@docent/contract/attributes';
