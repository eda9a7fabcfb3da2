import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ATTRIBUTES,
  attributeFor,
  attributesOf,
  createWarner,
  defaultOptions,
  parseAttribute,
  parseAttributes,
  attributeNameOf,
  type ElementKind,
  type OptionName,
} from '../src/attributes.js';
import { toElementAttributes } from '../src/react/components.js';

/** A warner that records instead of printing. */
function recorder(): { warner: ReturnType<typeof createWarner>; messages: string[] } {
  const messages: string[] = [];
  return { warner: createWarner((message) => messages.push(message)), messages };
}

function parseOne<P extends OptionName>(prop: P, raw: string | null, kind: ElementKind = 'search-button') {
  const { warner, messages } = recorder();
  return { value: parseAttribute(attributeFor(prop), raw, kind, warner), messages };
}

describe('the attribute table', () => {
  test('has every documented attribute with its default and elements', () => {
    const expected: Record<string, [unknown, string]> = {
      project: ['', 'all'],
      'api-url': [undefined, 'all'],
      'index-url': ['/docent-index.json', 'search-button chat-button chat'],
      'header-title': ['Ask AI', 'search-button chat-button chat'],
      placeholder: ['Search or ask a question…', 'search-button chat-button chat'],
      'button-style': ['rounded', 'search-button chat-button'],
      'button-theme': ['auto', 'chat-button'],
      'button-position': ['bottom-right', 'chat-button'],
      'modal-position': ['center', 'search-button chat-button'],
      'default-tab': ['search', 'search-button chat-button'],
      'clean-titles': [false, 'search-button chat-button chat'],
      'answer-threshold': [0.4, 'search-button chat-button chat'],
      'initial-message': [undefined, 'search-button chat-button chat'],
      'suggested-questions': [[], 'search-button chat-button chat'],
      'suggested-questions-title': ['Suggested questions', 'search-button chat-button chat'],
      filters: [[], 'search-button'],
      'footer-text': ['Answers come from the documentation and can be wrong. Check the cited sources.', 'search-button chat-button chat'],
      'hide-sources': [false, 'search-button chat-button chat'],
      'hide-feedback': [false, 'search-button chat-button chat'],
      'hide-branding': [false, 'all'],
      'assistant-name': ['Docent', 'search-button chat-button chat'],
      'assistant-avatar': [undefined, 'search-button chat-button chat'],
      theme: ['auto', 'all'],
      'store-history': [true, 'search-button chat-button chat'],
      'consent-text': [undefined, 'search-button chat-button chat'],
      shortcut: ['mod+k', 'search-button'],
      'embedded-height': ['32rem', 'chat'],
      rating: [undefined, 'feedback'],
    };
    assert.deepEqual(ATTRIBUTES.map((definition) => definition.name).sort(), Object.keys(expected).sort());
    for (const definition of ATTRIBUTES) {
      const [defaultValue, elements] = expected[definition.name] ?? [];
      assert.deepEqual(definition.default, defaultValue, definition.name);
      const names = definition.elements.length === 4 ? 'all' : definition.elements.join(' ');
      assert.equal(names, elements, definition.name);
      assert.equal(definition.prop, definition.name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()));
      assert.ok(definition.description.length > 10, `${definition.name} has a meaning`);
    }
  });

  test('default-tab defaults to search on the search button and ask on the chat button', () => {
    assert.equal(defaultOptions('search-button').defaultTab, 'search');
    assert.equal(defaultOptions('chat-button').defaultTab, 'ask');
  });

  test('each element accepts exactly its attributes', () => {
    assert.ok(attributesOf('search-button').some((definition) => definition.name === 'filters'));
    assert.ok(!attributesOf('chat-button').some((definition) => definition.name === 'filters'));
    assert.ok(attributesOf('chat').some((definition) => definition.name === 'embedded-height'));
    assert.ok(!attributesOf('chat').some((definition) => definition.name === 'button-style'));
  });
});

describe('parsing attribute strings', () => {
  test('booleans: present, empty or "true" is true; "false" is false; absent is the default', () => {
    assert.equal(parseOne('cleanTitles', '').value, true);
    assert.equal(parseOne('cleanTitles', 'true').value, true);
    assert.equal(parseOne('cleanTitles', 'TRUE').value, true);
    assert.equal(parseOne('cleanTitles', 'false').value, false);
    assert.equal(parseOne('cleanTitles', null).value, false);
    assert.equal(parseOne('storeHistory', null).value, true);
    assert.equal(parseOne('storeHistory', 'false').value, false);
  });

  test('enums accept their values only', () => {
    assert.equal(parseOne('buttonStyle', 'pill').value, 'pill');
    assert.equal(parseOne('buttonStyle', ' square ').value, 'square');
    assert.equal(parseOne('modalPosition', 'sidebar-right').value, 'sidebar-right');
    assert.equal(parseOne('theme', 'dark').value, 'dark');
  });

  test('text and Markdown keep their text; empty text is the default', () => {
    assert.equal(parseOne('headerTitle', 'Docs assistant').value, 'Docs assistant');
    assert.equal(parseOne('headerTitle', '   ').value, 'Ask AI');
    assert.equal(parseOne('initialMessage', 'Hi!\n\n**Ask** me.').value, 'Hi!\n\n**Ask** me.');
    assert.equal(parseOne('consentText', null).value, undefined);
  });

  test('JSON arrays are parsed safely', () => {
    assert.deepEqual(parseOne('suggestedQuestions', '["How do I install?", " Can I self-host? "]').value, [
      'How do I install?',
      'Can I self-host?',
    ]);
    assert.deepEqual(parseOne('filters', '[{"label": "Guides", "path": "/guides/"}]').value, [{ label: 'Guides', path: '/guides/' }]);
    assert.deepEqual(parseOne('filters', '[]').value, []);
  });

  test('URLs: http(s) and paths; api-url is absolute, or a path when the server serves the page', () => {
    assert.equal(parseOne('indexUrl', '/docs/docent-index.json').value, '/docs/docent-index.json');
    assert.equal(parseOne('indexUrl', 'https://docs.example.com/docent-index.json').value, 'https://docs.example.com/docent-index.json');
    assert.equal(parseOne('apiUrl', 'https://docent.example.com/').value, 'https://docent.example.com');
    assert.equal(parseOne('apiUrl', '/').value, '/');
    assert.equal(parseOne('apiUrl', '/docent/').value, '/docent');
    assert.equal(parseOne('assistantAvatar', '/img/bot.png').value, '/img/bot.png');
  });

  test('project ids, shortcuts and CSS lengths', () => {
    assert.equal(parseOne('project', 'my-project').value, 'my-project');
    assert.equal(parseOne('shortcut', 'Ctrl+Shift+K').value, 'ctrl+shift+k');
    assert.equal(parseOne('shortcut', 'none').value, 'none');
    assert.equal(parseOne('answerThreshold', '0.7').value, 0.7);
    assert.equal(parseOne('answerThreshold', ' 1 ').value, 1);
    assert.equal(parseOne('answerThreshold', '.25').value, 0.25);
    for (const length of ['40rem', '600px', '70vh', 'calc(100vh - 8rem)', '0', 'min(30rem, 80vh)']) {
      assert.equal(parseOne('embeddedHeight', length, 'chat').value, length);
    }
  });

  const badValues: Array<[OptionName, string, unknown]> = [
    ['buttonStyle', 'round', 'rounded'],
    ['theme', 'sepia', 'auto'],
    ['cleanTitles', 'yes', false],
    ['storeHistory', 'no', true],
    ['suggestedQuestions', '["unclosed"', []],
    ['suggestedQuestions', '[1, 2]', []],
    ['filters', '[{"label": "Guides"}]', []],
    ['filters', '{"label": "Guides", "path": "/"}', []],
    ['indexUrl', 'javascript:alert(1)', '/docent-index.json'],
    ['apiUrl', 'docent.example.com', undefined],
    ['apiUrl', '//docent.example.com', undefined],
    ['assistantAvatar', 'data:image/svg+xml,<svg/>', undefined],
    ['project', 'My Project', ''],
    ['shortcut', 'mod+kk', 'mod+k'],
    ['shortcut', 'hyper+k', 'mod+k'],
    ['embeddedHeight', 'tall', '32rem'],
    ['answerThreshold', '1.5', 0.4],
    ['answerThreshold', '60%', 0.4],
    ['answerThreshold', '-0.1', 0.4],
    ['embeddedHeight', '40', '32rem'],
    ['embeddedHeight', 'calc(100vh; color: red)', '32rem'],
  ];
  for (const [prop, raw, fallback] of badValues) {
    test(`${attributeFor(prop).name}="${raw}" warns once, naming it, and uses the default`, () => {
      const kind: ElementKind = prop === 'embeddedHeight' ? 'chat' : 'search-button';
      const { value, messages } = parseOne(prop, raw, kind);
      assert.deepEqual(value, fallback);
      assert.equal(messages.length, 1);
      assert.match(messages[0] ?? '', new RegExp(attributeFor(prop).name));
      assert.ok(messages[0]?.includes(JSON.stringify(raw)), 'names the bad value');
      assert.match(messages[0] ?? '', /Allowed: /);
    });
  }

  test('the allowed values are listed', () => {
    const { messages } = parseOne('buttonStyle', 'round');
    assert.equal(
      messages[0],
      'Docent: <docent-search-button> attribute button-style has a bad value "round". Allowed: rounded, pill, square. Using the default ("rounded").',
    );
  });

  test('one warning per element instance and attribute, however often it is parsed', () => {
    const messages: string[] = [];
    const first = createWarner((message) => messages.push(message));
    const second = createWarner((message) => messages.push(message));
    const attributes: Record<string, string> = { project: 'my-project', 'button-style': 'round', theme: 'sepia', filters: 'nope' };
    const get = (name: string): string | null => attributes[name] ?? null;
    for (let round = 0; round < 3; round += 1) parseAttributes('search-button', get, first);
    assert.equal(messages.length, 3);
    parseAttributes('search-button', get, second);
    assert.equal(messages.length, 6);
  });

  test('a missing project warns once; attributes the element does not take are ignored', () => {
    const { warner, messages } = recorder();
    const options = parseAttributes('chat-button', (name) => (name === 'filters' ? 'not json' : null), warner);
    assert.equal(messages.length, 1);
    assert.match(messages[0] ?? '', /needs the project attribute/);
    assert.deepEqual(options.filters, []);
  });
});

describe('React props', () => {
  test('are written as the element\'s attributes: kebab-case names, booleans and JSON as text', () => {
    const attributes = toElementAttributes({
      project: 'my-project',
      cleanTitles: true,
      storeHistory: false,
      filters: [{ label: 'API', path: '/api/' }],
      buttonStyle: 'pill',
      apiUrl: undefined,
      className: 'navbar-search',
      children: 'Search',
    });
    assert.deepEqual(attributes, {
      project: 'my-project',
      'clean-titles': 'true',
      'store-history': 'false',
      filters: '[{"label":"API","path":"/api/"}]',
      'button-style': 'pill',
    });
  });

  test('every attribute is its prop name in kebab case, so the React components need no table', () => {
    for (const definition of ATTRIBUTES) assert.equal(attributeNameOf(definition.prop), definition.name);
  });

  test('a bad prop reaches the element as a bad attribute: one warning naming it, then the default', () => {
    const { warner, messages } = recorder();
    const attributes = toElementAttributes({ project: 'my-project', cleanTitles: 'yes', buttonStyle: 'round' });
    for (let round = 0; round < 2; round += 1) {
      const options = parseAttributes('search-button', (name) => attributes[name] ?? null, warner);
      assert.equal(options.cleanTitles, false);
      assert.equal(options.buttonStyle, 'rounded');
    }
    assert.equal(messages.length, 2);
    assert.ok(messages.some((message) => message.includes('clean-titles') && message.includes('"yes"')));
  });
});
