import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_OPTIONS, normalizeOptions, OPTION_NAMES, PluginOptionsError } from '../src/options';
import { toClientSettings } from '../src/settings';

describe('normalizeOptions', () => {
  it('applies the documented defaults to a minimal configuration', () => {
    const options = normalizeOptions({ project: 'docent-docs' });
    assert.equal(options.id, 'default');
    assert.equal(options.headerTitle, 'Ask AI');
    assert.equal(options.buttonStyle, 'rounded');
    assert.equal(options.indexPath, 'docent-index.json');
    assert.equal(options.cleanTitles, false);
    assert.equal(options.pageFeedback, true);
    assert.equal(options.chatButton, false);
    assert.equal(options.storeHistory, true);
    assert.equal(options.shortcut, 'mod+k');
    assert.deepEqual(options.suggestedQuestions, []);
  });

  it('keeps the values the site sets', () => {
    const options = normalizeOptions({
      id: 'default',
      project: 'docent-docs',
      headerTitle: 'Docent chatbot',
      cleanTitles: true,
      buttonStyle: 'pill',
      filters: [{ label: 'API', path: '/api' }],
    });
    assert.equal(options.headerTitle, 'Docent chatbot');
    assert.equal(options.cleanTitles, true);
    assert.equal(options.buttonStyle, 'pill');
    assert.deepEqual(options.filters, [{ label: 'API', path: '/api' }]);
  });

  it('names the option, the allowed values and the bad value', () => {
    assert.throws(
      () => normalizeOptions({ project: 'docent-docs', buttonStyle: 'round' }),
      (error: unknown) =>
        error instanceof PluginOptionsError &&
        error.message ===
          'docusaurus-plugin-docent: option "buttonStyle" must be one of rounded, pill, square; got "round"',
    );
  });

  it('requires a project id and explains its format', () => {
    assert.throws(() => normalizeOptions({}), /option "project" is required/);
    assert.throws(() => normalizeOptions({ project: 'Docs!' }), /option "project" must be a project id: 3 to 40 characters/);
    assert.throws(() => normalizeOptions({ project: 'ab' }), /got "ab"/);
    assert.throws(() => normalizeOptions({ project: 'a'.repeat(41) }), /option "project"/);
    assert.doesNotThrow(() => normalizeOptions({ project: '9-lives' }));
  });

  it('rejects unknown options so that typos do not pass silently', () => {
    assert.throws(() => normalizeOptions({ project: 'docent-docs', headerTitel: 'x' }), /unknown option "headerTitel"/);
  });

  it('reports every problem at once, one per line', () => {
    try {
      normalizeOptions({ project: 'docent-docs', cleanTitles: 'yes', theme: 'blue', suggestedQuestions: [1] });
      assert.fail('expected an error');
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      assert.equal(lines.length, 3);
      assert.match(lines[0] ?? '', /"cleanTitles" must be true or false; got "yes"/);
      assert.match(lines[1] ?? '', /"suggestedQuestions" must be an array of non-empty strings/);
      assert.match(lines[2] ?? '', /"theme" must be one of auto, light, dark; got "blue"/);
    }
  });

  it('checks URLs, filters, shortcuts and the index path', () => {
    assert.throws(() => normalizeOptions({ project: 'p-1', apiUrl: 'ftp://x' }), /"apiUrl" must be an absolute http\(s\) URL/);
    assert.doesNotThrow(() => normalizeOptions({ project: 'p-1', apiUrl: 'https://docs.example.com' }));
    assert.throws(() => normalizeOptions({ project: 'p-1', filters: [{ label: 'API', path: 'api' }] }), /"filters"/);
    assert.throws(() => normalizeOptions({ project: 'p-1', shortcut: 'hyper+k+j' }), /"shortcut"/);
    assert.doesNotThrow(() => normalizeOptions({ project: 'p-1', shortcut: 'none' }));
    assert.throws(() => normalizeOptions({ project: 'p-1', indexPath: 'index.txt' }), /"indexPath"/);
  });

  it('rejects options that are not an object', () => {
    assert.throws(() => normalizeOptions('docent-docs'), /options must be an object/);
  });
});

describe('toClientSettings', () => {
  it('sends the browser only the widget attributes the site changed, the index URL and the two switches', () => {
    const settings = toClientSettings(
      normalizeOptions({
        project: 'docent-docs',
        headerTitle: 'Docent chatbot',
        cleanTitles: true,
        buttonStyle: 'rounded',
        suggestedQuestions: ['How do I install Docent?'],
        indexPath: 'search/index.json',
        chatButton: true,
      }),
    );
    assert.deepEqual(settings, {
      widget: {
        project: 'docent-docs',
        headerTitle: 'Docent chatbot',
        cleanTitles: true,
        suggestedQuestions: ['How do I install Docent?'],
      },
      indexUrl: '/search/index.json',
      chatButton: true,
      pageFeedback: true,
    });
    assert.equal(DEFAULT_OPTIONS.indexPath, 'docent-index.json');
  });

  it('passes pageFeedback as a switch of its own, never as a widget attribute', () => {
    const on = toClientSettings(normalizeOptions({ project: 'docent-docs' }));
    assert.equal(on.pageFeedback, true, 'the feedback block is on by default');
    const off = toClientSettings(normalizeOptions({ project: 'docent-docs', pageFeedback: false }));
    assert.equal(off.pageFeedback, false);
    assert.deepEqual(off.widget, { project: 'docent-docs' });
    assert.throws(() => normalizeOptions({ project: 'docent-docs', pageFeedback: 'yes' }), /option "pageFeedback" must be true or false; got "yes"/);
  });

  it('takes synonyms as groups of two or more words, for the index only, never as a widget attribute', () => {
    const options = normalizeOptions({ project: 'docent-docs', synonyms: [['bot', 'assistant']] });
    assert.deepEqual(options.synonyms, [['bot', 'assistant']]);
    assert.deepEqual(normalizeOptions({ project: 'docent-docs' }).synonyms, []);
    assert.deepEqual(toClientSettings(options).widget, { project: 'docent-docs' });
    for (const wrong of [['bot', 'assistant'], [['bot']], [['bot', '']], { bot: 'assistant' }]) {
      assert.throws(() => normalizeOptions({ project: 'docent-docs', synonyms: wrong }), /option "synonyms" must be an array of groups, each of two or more words, such as \[\["bot", "assistant"\]/);
    }
  });

  it('passes connected mode and every other widget attribute through', () => {
    const { widget } = toClientSettings(
      normalizeOptions({ project: 'docent-docs', apiUrl: 'https://docs.example.com', storeHistory: false, consentText: 'I agree.' }),
    );
    assert.deepEqual(widget, { project: 'docent-docs', apiUrl: 'https://docs.example.com', storeHistory: false, consentText: 'I agree.' });
  });
});

describe('options from the attribute table', () => {
  it('takes every widget attribute but the three the plugin sets or never renders, besides its own options', async () => {
    const { ATTRIBUTES } = await import('@docent/contract/attributes');
    const fromTable = ATTRIBUTES.map((definition) => definition.prop).filter((prop) => !['indexUrl', 'embeddedHeight', 'rating'].includes(prop));
    assert.deepEqual([...OPTION_NAMES].sort(), [...fromTable, 'id', 'indexPath', 'chatButton', 'pageFeedback', 'synonyms'].sort());
  });

  it("checks a widget option with its attribute's own rule", () => {
    assert.throws(() => normalizeOptions({ project: 'p-1', embeddedHeight: '10rem' }), /unknown option "embeddedHeight"/);
    assert.throws(() => normalizeOptions({ project: 'p-1', answerThreshold: 2 }), /option "answerThreshold" must be a number from 0 to 1, such as 0.6; got 2/);
    assert.throws(() => normalizeOptions({ project: 'p-1', headerTitle: ' ' }), /option "headerTitle" must be a non-empty string; got " "/);
    assert.deepEqual(normalizeOptions({ project: 'p-1', shortcut: 'Ctrl+K' }).shortcut, 'ctrl+k', "the widget's spelling of the value");
  });
});
