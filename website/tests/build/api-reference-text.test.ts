/**
 * The OpenAPI theme draws an operation's parameters and request and response bodies in the browser only. The site
 * renders their text on the server too (src/components/ApiSchemaText), so the built page, its Markdown copy and the
 * search index hold every parameter and property of openapi.yaml, with its description and its limits.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { parse as parseYaml } from 'yaml';
import { BUILD } from './site';

type Json = Record<string, unknown>;

const spec = parseYaml(readFileSync(join(__dirname, '..', '..', '..', 'packages', 'server', 'openapi.yaml'), 'utf8')) as Json;

/** Follows a local `$ref` (`#/components/schemas/Source`); `{}` for nothing. */
function resolve(value: unknown): Json {
  let node = (value ?? {}) as Json;
  while (typeof node?.$ref === 'string') {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((parent, key) => (parent as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec) as Json;
  }
  return node;
}

interface Field {
  name: string;
  description: string;
  schema: Json;
}

/** A body schema's fields: its properties, and those of each of its `oneOf` or `anyOf` variants. */
function fieldsOf(schemaValue: unknown): Field[] {
  const schema = resolve(schemaValue);
  const variants = ((schema.oneOf ?? schema.anyOf ?? []) as unknown[]).flatMap(fieldsOf);
  const properties = Object.entries((schema.properties ?? {}) as Json).map(([name, value]) => {
    const property = resolve(value);
    return { name, description: String(property.description ?? ''), schema: property };
  });
  return [...properties, ...variants];
}

interface Operation {
  slug: string;
  fields: Field[];
}

/** Each operation's page (its operationId in kebab case) and the parameters and request body fields it documents. */
function operations(): Operation[] {
  const found: Operation[] = [];
  for (const pathItem of Object.values(spec.paths as Json)) {
    for (const [method, value] of Object.entries(pathItem as Json)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const operation = value as Json;
      const slug = String(operation.operationId).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const shared = ((pathItem as Json).parameters ?? []) as unknown[];
      const parameters = [...shared, ...((operation.parameters ?? []) as unknown[])].map((parameter) => {
        const resolved = resolve(parameter);
        return { name: String(resolved.name), description: String(resolved.description ?? ''), schema: resolve(resolved.schema) };
      });
      const content = (resolve(operation.requestBody).content ?? {}) as Json;
      const body = Object.values(content).flatMap((media) => fieldsOf((media as Json).schema));
      found.push({ slug, fields: [...parameters, ...body] });
    }
  }
  return found;
}

/** A description as the page shows it: Markdown code marks and link targets dropped, spaces collapsed. */
const shown = (markdown: string): string =>
  markdown
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*?/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The text of a built page's article, as a reader without JavaScript (and the indexer) sees it. */
function articleText(slug: string): string {
  const document = parseDocument(readFileSync(join(BUILD, 'api', `${slug}.html`), 'utf8'));
  const article = DomUtils.findOne((element) => element.name === 'article', document.children);
  assert.ok(article, `/api/${slug} has an article`);
  return DomUtils.textContent(article).replace(/\s+/g, ' ');
}

describe('the API pages without JavaScript', () => {
  const all = operations();

  it('reads openapi.yaml: at least 10 operations, and the fields of sendMessage and addSource', () => {
    assert.ok(all.length >= 10, `${all.length} operations`);
    for (const slug of ['send-message', 'add-source']) assert.ok((all.find((operation) => operation.slug === slug)?.fields.length ?? 0) >= 4, slug);
  });

  it('show every parameter and request body field with its description and its length limit', () => {
    for (const { slug, fields } of all) {
      const text = articleText(slug);
      for (const field of fields) {
        assert.ok(text.includes(field.name), `/api/${slug} shows ${field.name}`);
        if (field.description) assert.ok(text.includes(shown(field.description)), `/api/${slug} shows the description of ${field.name}: ${shown(field.description)}`);
        const { minLength, maxLength } = field.schema as { minLength?: number; maxLength?: number };
        if (maxLength !== undefined) {
          const limit = minLength !== undefined ? `length ${minLength} to ${maxLength} characters` : `length at most ${maxLength} characters`;
          assert.ok(text.includes(limit), `/api/${slug} shows "${limit}" for ${field.name}`);
        }
      }
    }
  });

  it('list every field as an entry of the Markdown copy', () => {
    for (const { slug, fields } of all) {
      const markdown = readFileSync(join(BUILD, 'api', `${slug}.md`), 'utf8');
      const entries = markdown.split('\n').map((line) => line.trimStart());
      for (const field of fields) assert.ok(entries.some((line) => line.startsWith(`- **${field.name}** `)), `/api/${slug}.md lists ${field.name}`);
    }
  });

  it('are searchable by their fields: the index holds the limit of a question sent to the chat API', () => {
    const index = JSON.parse(readFileSync(join(BUILD, 'docent-index.json'), 'utf8')) as { sections: Array<{ url: string; text: string }> };
    const request = index.sections.find((section) => section.url === '/api/send-message#request');
    assert.ok(request, 'the index has the Request section of /api/send-message');
    assert.match(request.text, /question string required[\s\S]*length 1 to 4000 characters/);
  });
});
