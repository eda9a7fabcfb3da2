/** The little of the Markdown syntax tree (mdast) and of the file this plugin touches. */
interface Root {
  children: unknown[];
}

interface MarkdownFile {
  data: { frontMatter?: Record<string, unknown> };
}

/** Where the OpenAPI theme's page layout comes from, and the name the page's module exports it under. */
const LAYOUT_MODULE = '@theme/ApiItem';
const LAYOUT_EXPORT = 'ApiLayout';

/** `export { default as ApiLayout } from '@theme/ApiItem';` as MDX's ESM node, with the syntax tree MDX compiles. */
function layoutExport(): unknown {
  const source = `export { default as ${LAYOUT_EXPORT} } from '${LAYOUT_MODULE}';`;
  return {
    type: 'mdxjsEsm',
    value: source,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ExportNamedDeclaration',
            declaration: null,
            specifiers: [{ type: 'ExportSpecifier', local: { type: 'Identifier', name: 'default' }, exported: { type: 'Identifier', name: LAYOUT_EXPORT } }],
            source: { type: 'Literal', value: LAYOUT_MODULE, raw: `'${LAYOUT_MODULE}'` },
            attributes: [],
          },
        ],
      },
    },
  };
}

/**
 * The pages generated from the OpenAPI file (front matter `api` or `schema`) export the OpenAPI theme's page
 * layout, which DocItemByKind renders them with. The layout weighs megabytes with its dependencies, so it
 * travels with these pages' own modules: other pages never load it, and an API page has it before it renders,
 * on the server and in the browser alike. A lazy import would do the first but not the second: the server
 * would send the page's content after the rest of the document, React would reveal it a frame later (an empty
 * first paint, then the footer jumps down), and it would not show at all without JavaScript.
 */
export default function remarkApiLayout() {
  return (tree: Root, file: MarkdownFile): void => {
    const frontMatter = file.data.frontMatter ?? {};
    if (frontMatter.api === undefined && frontMatter.schema === undefined) return;
    tree.children.unshift(layoutExport());
  };
}
