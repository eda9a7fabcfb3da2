/**
 * Markdown (`.md`, `.markdown`) and MDX (`.mdx`) with the unified ecosystem, the parser Docusaurus and GitHub-style
 * tooling share: GFM (tables, task lists, footnotes), YAML front matter, and heading ids from rehype-slug, which
 * uses GitHub's slugger, so `#getting-started` from a README link on GitHub points at the same section here.
 *
 * Title: front matter `title` (Docusaurus uses it as the page title, and as the h1 when the body has none), else
 * the first h1, else the file name.
 *
 * Raw HTML inside Markdown is dropped, not rendered: remark-rehype leaves `html` nodes out unless told otherwise,
 * so no `<script>` or event handler from a file ever reaches the HTML. Text between inline tags
 * (`<kbd>Ctrl</kbd>`) is Markdown text, not part of the `html` node, so it is kept.
 */
import type { Heading, Root, RootContent } from 'mdast';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { decodeText } from './decode.js';
import { htmlDocument, titleFromFileName } from './document.js';
import { stripMdx } from './mdx.js';

const markdownParser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);
const mdxParser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkMdx);
const toHtml = unified().use(remarkRehype).use(rehypeSlug).use(rehypeStringify);

export async function renderMarkdown(name: string, bytes: Uint8Array, { mdx }: { mdx: boolean }): Promise<string> {
  const source = decodeText(bytes);
  const tree = mdx ? parseMdx(source) : markdownParser.parse(source);
  const frontMatter = takeFrontMatter(tree);
  const firstH1 = tree.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
  const title = frontMatter.title || (firstH1 ? plainText(firstH1).trim() : '') || titleFromFileName(name);
  if (frontMatter.title && !firstH1) {
    tree.children.unshift({ type: 'heading', depth: 1, children: [{ type: 'text', value: frontMatter.title }] });
  }
  const hast = await toHtml.run(tree);
  return htmlDocument(title, toHtml.stringify(hast), frontMatter.description);
}

/**
 * MDX is stricter than Markdown: an HTML comment, an unclosed `<br>` or a stray `{` is a syntax error. A file that
 * the MDX parser rejects is still mostly prose, so it is read as plain Markdown instead of failing (its imports and
 * tags then show as text, which is better than not indexing the page).
 */
function parseMdx(source: string): Root {
  try {
    const tree = mdxParser.parse(source);
    stripMdx(tree);
    return tree;
  } catch {
    return markdownParser.parse(source);
  }
}

interface FrontMatter {
  title: string;
  description: string;
}

/**
 * Removes the front matter node and reads `title` and `description` from YAML. TOML front matter (Hugo's `+++`)
 * is only removed, so it does not show as text. Front matter that is not valid YAML is ignored rather than
 * failing the file: the body is what readers search.
 */
function takeFrontMatter(tree: Root): FrontMatter {
  const result: FrontMatter = { title: '', description: '' };
  // mdast's types do not list `toml`, which remark-frontmatter produces when asked to.
  const index = tree.children.findIndex((node) => node.type === 'yaml' || (node.type as string) === 'toml');
  if (index === -1) return result;
  const [node] = tree.children.splice(index, 1);
  if (node?.type !== 'yaml') return result;
  let data: unknown;
  try {
    data = parseYaml(node.value);
  } catch {
    return result;
  }
  if (data && typeof data === 'object') {
    const { title, description } = data as Record<string, unknown>;
    if (typeof title === 'string' || typeof title === 'number') result.title = String(title).trim();
    if (typeof description === 'string') result.description = description.trim();
  }
  return result;
}

function plainText(node: RootContent): string {
  if ('value' in node && (node.type === 'text' || node.type === 'inlineCode')) return node.value;
  if ('children' in node) return node.children.map((child) => plainText(child as RootContent)).join('');
  return '';
}
