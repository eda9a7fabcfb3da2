import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANSWER_THRESHOLD } from '../src/answerThreshold.js';
import { ATTRIBUTES, attributeFor, attributeNameOf, createWarner, defaultOf, parseAttribute } from '../src/attributes.js';
import { ALL_ELEMENTS } from '../src/attributes/model.js';

describe('the attribute table', () => {
  test('names each attribute as its prop in kebab case, once', () => {
    for (const definition of ATTRIBUTES) assert.equal(definition.name, attributeNameOf(definition.prop));
    assert.equal(new Set(ATTRIBUTES.map((definition) => definition.prop)).size, ATTRIBUTES.length);
  });

  test("each default passes its own attribute's check, on every element that takes it", () => {
    for (const definition of ATTRIBUTES) {
      for (const kind of definition.elements) {
        const value = defaultOf(definition, kind);
        if (value === undefined || definition.required) continue;
        const checked = definition.type.check(value, definition);
        assert.ok(checked.ok, `${definition.name} on ${kind}: default ${JSON.stringify(value)}`);
        assert.deepEqual(checked.value, value, `${definition.name}: the default is already in its checked form`);
      }
    }
  });

  test("answer-threshold's default is the engine's threshold, defined here once", () => {
    assert.equal(attributeFor('answerThreshold').default, ANSWER_THRESHOLD);
  });

  test("a filter's path starts with /, as the REST API's SearchFilter requires", () => {
    const messages: string[] = [];
    const filters = attributeFor('filters');
    const parse = (raw: string) => parseAttribute(filters, raw, 'search-button', createWarner((message) => messages.push(message)));
    assert.deepEqual(parse('[{"label": "API", "path": "/api/"}]'), [{ label: 'API', path: '/api/' }]);
    assert.deepEqual(parse('[{"label": "API", "path": "api/"}]'), []);
    assert.match(messages[0] ?? '', /whose path starts with \//);
  });

  test('project is required on every element', () => {
    const project = attributeFor('project');
    assert.equal(project.required, true);
    assert.deepEqual(project.elements, ALL_ELEMENTS);
  });
});
