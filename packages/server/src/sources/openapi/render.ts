/**
 * One operation as an HTML page for the engine's extractSections: the title in <title> and <h1>, then an h2 section
 * for each part a reader looks up (Parameters, Request body, Responses, Security). Headings have no ids: the sync
 * gives every section of an operation the operation's own URL. Facts are written as sentences with the words
 * readers type ("required", "at most 2000 characters", "scope"), because the search matches words, not structure.
 */
import { STATUS_CODES } from 'node:http';
import { escapeHtml } from '@docent/engine';
import { flattenFields, type Field, type FlattenOptions } from './fields.js';
import { stringAt, type JsonObject } from './json.js';
import { excerptHtml, firstParagraphHtml, markdownHtml } from './markdown.js';
import type { Content, Operation, Parameter, Response, SecurityRequirement } from './operations.js';
import { code, exampleOf, limitPhrases, mergedSchema, qualifiers, typeWords } from './schema.js';

/** Request fields are what readers ask about most ("how long can X be"): listed deep. */
const REQUEST_FIELDS: FlattenOptions = { maxDepth: 6, maxFields: 120, omit: 'readOnly' };
/** Response fields only at the top, so a large response schema does not outweigh the rest of the page. */
const RESPONSE_FIELDS: FlattenOptions = { maxDepth: 1, maxFields: 40, omit: 'writeOnly' };
/** Longest description kept for one field or parameter, in Markdown characters. */
const FIELD_DESCRIPTION_LENGTH = 600;

export function renderOperation(operation: Operation, title: string): string {
  const parts = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    operation.summary ? `<meta name="description" content="${escapeHtml(operation.summary)}">` : '',
    '</head><body><main>',
    `<h1>${escapeHtml(title)}</h1>`,
    overview(operation),
    parametersSection(operation.parameters),
    requestBodySection(operation),
    responsesSection(operation.responses),
    securitySection(operation.security),
    '</main></body></html>',
  ];
  return parts.filter(Boolean).join('\n');
}

function overview(operation: Operation): string {
  const facts = [`<p>Endpoint: <code>${escapeHtml(`${operation.method.toUpperCase()} ${operation.path}`)}</code>.</p>`];
  if (operation.operationId) facts.push(`<p>Operation ID: ${code(operation.operationId)}.</p>`);
  if (operation.tags.length > 0) facts.push(`<p>${operation.tags.length === 1 ? 'Tag' : 'Tags'}: ${operation.tags.map(escapeHtml).join(', ')}.</p>`);
  if (operation.baseUrl) facts.push(`<p>Base URL: ${code(operation.baseUrl)}.</p>`);
  if (operation.deprecated) facts.push('<p>This operation is deprecated.</p>');
  if (operation.description) facts.push(markdownHtml(operation.description));
  return facts.join('\n');
}

function parametersSection(parameters: Parameter[]): string {
  if (parameters.length === 0) return '';
  const items = parameters.map((parameter) => {
    // The parameter's own description wins; a shared schema's description is about the type, not this use of it.
    const description = parameter.description ?? stringAt(mergedSchema(parameter.schema), 'description');
    return fieldItem(parameter.name, parameter.schema, { required: parameter.required, description, place: `${parameter.location} parameter`, notes: parameter.deprecated ? ['deprecated'] : [] });
  });
  return `<h2>Parameters</h2>\n<ul>\n${items.join('\n')}\n</ul>`;
}

function requestBodySection(operation: Operation): string {
  const body = operation.body;
  if (!body) return '';
  const mediaTypes = body.contents.flatMap((content) => content.mediaTypes);
  const blocks = [`<p>The request body is ${body.required ? 'required' : 'optional'}.${mediaTypes.length > 0 ? ` Content type: ${mediaTypes.map(escapeHtml).join(', ')}.` : ''}</p>`];
  if (body.description) blocks.push(markdownHtml(body.description));
  for (const content of body.contents) {
    if (body.contents.length > 1) blocks.push(`<p>As ${content.mediaTypes.map(code).join(' or ')}:</p>`);
    blocks.push(contentBlocks(content, REQUEST_FIELDS, body.description));
  }
  return `<h2>Request body</h2>\n${blocks.filter(Boolean).join('\n')}`;
}

/** A body's schema: its description, then its fields, or what the body is when it has no fields (a file, a string). */
function contentBlocks(content: Content, options: FlattenOptions, alreadySaid: string | undefined): string {
  if (!content.schema) return '';
  const schema = mergedSchema(content.schema);
  const blocks: string[] = [];
  const description = stringAt(schema, 'description');
  if (description && description !== alreadySaid) blocks.push(`<p>${excerptHtml(description, FIELD_DESCRIPTION_LENGTH)}</p>`);
  const { fields, truncated } = flattenFields(content.schema, options);
  if (fields.length > 0) {
    blocks.push(`<ul>\n${fields.map(bodyFieldItem).join('\n')}\n</ul>`);
    if (truncated) blocks.push(`<p>More fields than the ${fields.length} above are not listed here.</p>`);
  } else {
    const type = typeWords(content.schema);
    const limits = limitPhrases(content.schema);
    if (type) blocks.push(`<p>The body is ${escapeHtml([type, ...qualifiers(content.schema)].join(', '))}${limits.length > 0 ? `: ${limits.join('; ')}` : ''}.</p>`);
  }
  return blocks.join('\n');
}

function bodyFieldItem(field: Field): string {
  const description = stringAt(mergedSchema(field.schema), 'description');
  const item = fieldItem(field.name, field.schema, { required: field.required, description, notes: field.variants.length > 0 ? [`for ${field.variants.join(', ')}`] : [] });
  return field.recursive ? item.replace(/<\/li>$/, ' It has the same shape as an enclosing field; its fields are listed above.</li>') : item;
}

interface FieldFacts {
  required: boolean;
  description: string | undefined;
  /** Where a parameter goes: "query parameter". */
  place?: string;
  /** Said after "required": "deprecated", "for type page". */
  notes?: string[];
}

/**
 * "`question` (string, required): at most 2000 characters (maximum length 2000). The question to answer." —
 * name, what it is, its limits, then its description and an example.
 */
function fieldItem(name: string, schema: JsonObject, facts: FieldFacts): string {
  const { required, description, place, notes = [] } = facts;
  const type = typeWords(schema);
  const kind = [...(place ? [place] : []), ...(type ? [type] : []), ...qualifiers(schema), required ? 'required' : 'optional', ...notes];
  const limits = limitPhrases(schema);
  let html = `<li><code>${escapeHtml(name)}</code> (${escapeHtml(kind.join(', '))})`;
  html += limits.length > 0 ? `: ${limits.join('; ')}.` : '.';
  if (description) html += ` ${excerptHtml(description, FIELD_DESCRIPTION_LENGTH)}`;
  const example = exampleOf(schema);
  if (example !== undefined) html += ` Example: ${code(example)}.`;
  return `${html}</li>`;
}

function statusText(status: string): string {
  if (status === 'default') return 'any other status';
  if (/^[1-5]XX$/i.test(status)) return `any ${status.toUpperCase()} status`;
  const reason = STATUS_CODES[Number(status)];
  return reason ? `${status} ${reason}` : status;
}

function responsesSection(responses: Response[]): string {
  if (responses.length === 0) return '';
  const blocks = responses.map((response) => {
    const success = /^2/.test(response.status);
    // Error responses are mostly shared by every operation: their first paragraph is enough, and keeps pages apart.
    const description = response.description ? (success ? excerptHtml(response.description, FIELD_DESCRIPTION_LENGTH) : firstParagraphHtml(response.description, 200)) : '';
    const media = success && response.mediaTypes.length > 0 ? ` Content type: ${response.mediaTypes.map(escapeHtml).join(', ')}.` : '';
    const line = `<p><code>${escapeHtml(statusText(response.status))}</code>${description ? `: ${description}` : '.'}${media}</p>`;
    return success && response.content ? [line, contentBlocks(response.content, RESPONSE_FIELDS, response.description)].filter(Boolean).join('\n') : line;
  });
  return `<h2>Responses</h2>\n${blocks.join('\n')}`;
}

function requirementText(requirement: SecurityRequirement): string {
  if (requirement.length === 0) return 'no credentials';
  return requirement
    .map(({ scheme, kind, scopes }) => {
      const scopeText = scopes.length === 0 ? '' : ` with the ${scopes.length === 1 ? 'scope' : 'scopes'} ${scopes.map(code).join(', ')}`;
      return `${code(scheme)}${kind ? ` (${escapeHtml(kind)})` : ''}${scopeText}`;
    })
    .join(' and ');
}

function securitySection(security: SecurityRequirement[] | undefined): string {
  if (!security) return '';
  if (security.length === 1 && security[0]) {
    const only = security[0];
    return `<h2>Security</h2>\n<p>${only.length === 0 ? 'This operation needs no credentials.' : `This operation needs ${requirementText(only)}.`}</p>`;
  }
  return `<h2>Security</h2>\n<p>This operation accepts any one of these:</p>\n<ul>\n${security.map((requirement) => `<li>${requirementText(requirement)}</li>`).join('\n')}\n</ul>`;
}
