/**
 * The `openapi` source's converter: this repository's own openapi.yaml (3.1) as one document per operation, searched
 * with the engine the way the sync will index it; a Swagger 2.0 and a circular 3.0 description written here; and
 * the descriptions it must refuse, each with a message that tells the owner what to do.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildIndex, extractSections, search, type Section } from '@docent/engine';
import { parse as parseYaml } from 'yaml';
import { UnreadableContent } from '../src/sources/documents.js';
import { operationDocuments, type OperationDocument } from '../src/sources/openapi/index.js';

const OWN_DESCRIPTION = new URL('../openapi.yaml', import.meta.url);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Sections as the sync stores them: every section of an operation under the operation's own URL. */
function operationSections(documents: OperationDocument[], base = '/reference'): Section[] {
  return documents.flatMap((document) => {
    const url = `${base}#${document.anchor}`;
    return extractSections({ url: base, html: document.html }, { cleanTitles: true }).map((section, index) => ({
      ...section,
      id: index === 0 ? url : `${url}~${index + 1}`,
      url,
      pageUrl: url,
    }));
  });
}

/** All the text of one operation, as the engine extracted it. */
function textOf(document: OperationDocument | undefined): string {
  assert.ok(document, 'the operation exists');
  return operationSections([document])
    .map((section) => `${section.heading}\n${section.text}`)
    .join('\n');
}

describe('openapi source: this repository’s openapi.yaml (3.1)', async () => {
  const text = readFileSync(OWN_DESCRIPTION, 'utf8');
  const documents = await operationDocuments(text, 'openapi.yaml');

  it('gives one document per operation, with unique anchors', () => {
    const paths = (parseYaml(text) as { paths: Record<string, Record<string, unknown>> }).paths;
    const operationIds = Object.values(paths).flatMap((item) => Object.entries(item).filter(([key]) => METHODS.has(key)).map(([, operation]) => (operation as { operationId: string }).operationId));
    assert.ok(operationIds.length > 5);
    assert.equal(documents.length, operationIds.length);
    assert.equal(new Set(documents.map((document) => document.anchor)).size, documents.length);
    assert.deepEqual(
      documents.map((document) => document.anchor),
      operationIds.map((id) => `operation/${id}`),
    );
  });

  it('titles and renders sendMessage with its fields, limits and scopes', () => {
    const sendMessage = documents.find((document) => document.anchor === 'operation/sendMessage');
    assert.equal(sendMessage?.title, 'Send a message (POST /v1/projects/{projectId}/messages)');
    const sections = operationSections(sendMessage ? [sendMessage] : []);
    assert.equal(sections[0]?.pageTitle, sendMessage?.title);
    assert.deepEqual(
      sections.map((section) => section.heading),
      // "Response format" and "Access" are the description's own ### headings.
      [sendMessage?.title, 'Response format', 'Access', 'Parameters', 'Request body', 'Responses', 'Security'],
    );
    const all = textOf(sendMessage);
    // openapi.yaml: MessageRequest.question has minLength 1 and maxLength 4000.
    assert.match(all, /question \(string, required\): at most 4000 characters \(maximum length 4000\); at least 1 character \(minimum length 1\)\. The question/);
    assert.match(all, /projectId \(path parameter, string, required\): matches the pattern/);
    assert.match(all, /stream \(boolean, optional\): default false\./);
    assert.match(all, /200 OK: The answer\./);
    assert.match(all, /citations \(array of object, required\)/);
    assert.match(all, /no credentials/);
    assert.match(all, /bearerAuth \(HTTP bearer\) with the scope chat/);
    // Markdown is read, not shown: no "###" headings, no backticks.
    assert.doesNotMatch(all, /###|`/);
  });

  it('keeps each operation’s HTML modest', () => {
    for (const document of documents) assert.ok(document.html.length < 20_000, `${document.anchor}: ${document.html.length} characters`);
  });

  it('finds the right operation first for questions readers ask', () => {
    const index = buildIndex(operationSections(documents));
    const ranking = (question: string): string[] => search(index, question).map((hit) => hit.pageUrl.replace('/reference#operation/', ''));
    // Written before looking at any ranking: each question and the operation that answers it.
    const questions: [string, string][] = [
      ['what is the maximum length of a question', 'sendMessage'],
      ['how do I delete a source', 'deleteSource'],
      ['which scope does sync need', 'syncProject'],
      ['list sources pagination cursor', 'listSources'],
      ['how long can a feedback comment be', 'sendFeedback'],
      ['download an uploaded file', 'getSourceFile'],
      ['how many search results can I get at most', 'searchProject'],
    ];
    const misses = questions.flatMap(([question, operationId]) => {
      const first = ranking(question)[0];
      return first === operationId ? [] : [`"${question}": expected ${operationId}, got ${first ?? 'nothing'}`];
    });
    assert.deepEqual(misses, []);
    // The one question of the list that misses first place (measured, not tuned away): getSourceFile's title,
    // "Download an uploaded file", matches "upload" and "file", which outweighs addSource's "Uploaded files" section.
    // The right operation must still be among the first two.
    assert.ok(ranking('upload files as a source').slice(0, 2).includes('addSource'));
  });
});

const SWAGGER = `
swagger: "2.0"
info:
  title: Pet store
  version: "1.0"
host: pets.example.com
basePath: /v1
schemes: [https]
securityDefinitions:
  petstore_auth:
    type: oauth2
    flow: implicit
    authorizationUrl: https://pets.example.com/oauth/authorize
    scopes:
      read:pets: Read pets
      write:pets: Add and change pets
security:
  - petstore_auth: [read:pets]
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      description: Returns the pets of the store, **newest first**.
      tags: [pets]
      parameters:
        - name: status
          in: query
          description: Only pets with this status.
          type: string
          enum: [available, pending, sold]
          default: available
        - name: limit
          in: query
          type: integer
          minimum: 1
          maximum: 100
      responses:
        "200":
          description: The pets.
          schema:
            type: array
            items:
              $ref: "#/definitions/Pet"
    post:
      summary: Add a pet
      consumes: [application/json]
      security:
        - petstore_auth: [write:pets]
      parameters:
        - name: pet
          in: body
          required: true
          description: The pet to add.
          schema:
            $ref: "#/definitions/NewPet"
      responses:
        "201":
          description: The pet was added.
          schema:
            $ref: "#/definitions/Pet"
        "400":
          description: The pet is invalid.
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        description: The pet's id.
        type: integer
        format: int64
        minimum: 1
    get:
      operationId: getPet
      summary: Get a pet
      responses:
        "200":
          description: The pet.
          schema:
            $ref: "#/definitions/Pet"
        "404":
          description: No pet has this id.
    put:
      operationId: updatePetWithForm
      summary: Update a pet with a form
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - name: name
          in: formData
          required: true
          description: The new name.
          type: string
          maxLength: 50
        - name: status
          in: formData
          type: string
          enum: [available, sold]
      responses:
        "204":
          description: Updated.
definitions:
  NewPet:
    type: object
    required: [name]
    properties:
      name:
        type: string
        minLength: 1
        maxLength: 50
        description: The pet's name.
      owner:
        type: object
        properties:
          email:
            type: string
            format: email
            description: Where the store writes to.
      photoUrls:
        type: array
        maxItems: 5
        items:
          type: string
          format: uri
  Pet:
    allOf:
      - $ref: "#/definitions/NewPet"
      - type: object
        required: [id]
        properties:
          id:
            type: integer
            format: int64
`;

describe('openapi source: Swagger 2.0', async () => {
  const documents = await operationDocuments(SWAGGER, 'petstore.yaml');
  const byAnchor = new Map(documents.map((document) => [document.anchor, document]));

  it('gives one document per operation, slugging the method and path when there is no operationId', () => {
    assert.deepEqual([...byAnchor.keys()], ['operation/listPets', 'post-pets', 'operation/getPet', 'operation/updatePetWithForm']);
    assert.equal(byAnchor.get('post-pets')?.title, 'Add a pet (POST /pets)');
  });

  it('renders the body parameter as request body fields, nested and limited', () => {
    const text = textOf(byAnchor.get('post-pets'));
    assert.match(text, /The request body is required\. Content type: application\/json\./);
    assert.match(text, /The pet to add\./);
    assert.match(text, /name \(string, required\): at most 50 characters \(maximum length 50\); at least 1 character \(minimum length 1\)\. The pet's name\./);
    assert.match(text, /owner\.email \(string, email, optional\)\. Where the store writes to\./);
    assert.match(text, /photoUrls \(array of string, items uri, optional\): at most 5 items \(maximum 5 items\)\./);
    // The 201 response lists the top-level fields of Pet, allOf merged: NewPet's and its own id.
    assert.match(text, /201 Created: The pet was added\./);
    assert.match(text, /id \(integer, int64, required\)/);
    assert.match(text, /400 Bad Request: The pet is invalid\./);
    assert.match(text, /petstore_auth \(oauth2\) with the scope write:pets/);
  });

  it('renders query enums, path parameters, the base URL and form fields', () => {
    const list = textOf(byAnchor.get('operation/listPets'));
    assert.match(list, /status \(query parameter, string, optional\): one of available, pending, sold; default available\. Only pets with this status\./);
    assert.match(list, /limit \(query parameter, integer, optional\): at least 1 \(minimum 1\); at most 100 \(maximum 100\)\./);
    assert.match(list, /Returns the pets of the store, newest first\./);
    assert.match(list, /Base URL: https:\/\/pets\.example\.com\/v1\./);
    assert.match(list, /\[\]\.name \(string, required\)/);
    assert.match(list, /petstore_auth \(oauth2\) with the scope read:pets/);

    assert.match(textOf(byAnchor.get('operation/getPet')), /petId \(path parameter, integer, int64, required\): at least 1 \(minimum 1\)\. The pet's id\./);
    const form = textOf(byAnchor.get('operation/updatePetWithForm'));
    assert.match(form, /Content type: application\/x-www-form-urlencoded\./);
    assert.match(form, /name \(string, required\): at most 50 characters \(maximum length 50\)\. The new name\./);
    assert.match(form, /status \(string, optional\): one of available, sold\./);
    assert.doesNotMatch(form, /name \(query parameter/);
  });
});

const CIRCULAR = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Trees', version: '1' },
  paths: {
    '/nodes': {
      post: {
        operationId: 'createNode',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
        responses: { '201': { description: 'Created.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Node: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', maxLength: 80 },
          parent: { $ref: '#/components/schemas/Node' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          meta: { $ref: '#/components/schemas/Meta' },
        },
      },
      Meta: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { owner: { $ref: '#/components/schemas/Node' } } }] },
      Base: { type: 'object', nullable: true, properties: { created: { type: 'string', format: 'date-time' } } },
    },
  },
});

describe('openapi source: circular schemas (3.0)', () => {
  it('renders each field once and stops where a schema repeats', { timeout: 10_000 }, async () => {
    const [document] = await operationDocuments(CIRCULAR, 'trees.json');
    assert.equal(document?.anchor, 'operation/createNode');
    assert.equal(document?.title, 'createNode (POST /nodes)');
    const text = textOf(document);
    assert.match(text, /name \(string, required\): at most 80 characters \(maximum length 80\)\./);
    assert.match(text, /parent \(object, optional\)\. It has the same shape as an enclosing field/);
    assert.match(text, /children \(array of object, optional\)\. It has the same shape as an enclosing field/);
    assert.match(text, /meta\.created \(string, date-time, optional\)/);
    assert.match(text, /meta\.owner \(object, optional\)\. It has the same shape as an enclosing field/);
    assert.doesNotMatch(text, /parent\.name|children\[\]\.name/);
  });
});

function rejectsWith(text: string, name: string, ...patterns: RegExp[]): Promise<void> {
  return assert.rejects(operationDocuments(text, name), (error: unknown) => {
    assert.ok(error instanceof UnreadableContent, `an UnreadableContent, not ${String(error)}`);
    assert.ok(error.message.includes(name), `names ${name}: ${error.message}`);
    for (const pattern of patterns) assert.match(error.message, pattern);
    return true;
  });
}

const minimal = (schema: unknown): string =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Broken', version: '1' },
    paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } } } },
    components: { schemas: { Real: { type: 'string' } } },
  });

describe('openapi source: descriptions it cannot read', () => {
  it('a broken internal $ref: the parser’s complaint', async () => {
    await rejectsWith(minimal({ $ref: '#/components/schemas/Nope' }), 'broken.json', /not a valid OpenAPI document; fix/, /Missing \$ref pointer "#\/components\/schemas\/Nope"/);
  });

  it('an external $ref: bundle the description into one file', async () => {
    await rejectsWith(minimal({ $ref: './other.yaml#/X' }), 'https://api.example.com/openapi.json', /\.\/other\.yaml#\/X/, /bundle/, /npx @redocly\/cli bundle openapi\.yaml -o bundled\.yaml/);
    await rejectsWith(minimal({ $ref: 'https://schemas.example.com/pet.json' }), 'remote.json', /bundle/);
  });

  it('a YAML syntax error: the line', async () => {
    await rejectsWith('openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1\npaths: {}\n', 'bad.yaml', /neither valid JSON nor valid YAML/, /line \d+/);
  });

  it('JSON that is not an OpenAPI description', async () => {
    await rejectsWith('{"hello": 1}', 'hello.json', /not an OpenAPI document/);
    await rejectsWith('just some words', 'notes.txt', /not an OpenAPI document/);
    await rejectsWith('', 'empty.yaml', /empty/);
  });

  it('an unsupported version', async () => {
    await rejectsWith('swagger: "1.2"\ninfo:\n  title: Old\n', 'old.yaml', /Swagger 1\.2/, /Swagger 2\.0 and OpenAPI 3\.0 and 3\.1/);
    await rejectsWith('openapi: 4.0.0\ninfo:\n  title: Future\n', 'future.yaml', /OpenAPI 4\.0\.0/);
    await rejectsWith('swagger: 2.0\ninfo:\n  title: Unquoted\n', 'unquoted.yaml', /must be the string "2\.0"/);
  });

  it('a description that breaks the schema: the validator’s message', async () => {
    await rejectsWith('openapi: 3.0.3\ninfo:\n  title: No version\npaths: {}\n', 'noversion.yaml', /version/);
  });
});
