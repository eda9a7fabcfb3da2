import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_OPTIONS, normalizeOptions, PluginOptionsError } from '../src/options';
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
  it('sends the browser only the few fields the button needs', () => {
    const settings = toClientSettings(normalizeOptions({ project: 'docent-docs', headerTitle: 'Docent chatbot', cleanTitles: true }));
    assert.deepEqual(settings, {
      project: 'docent-docs',
      headerTitle: 'Docent chatbot',
      cleanTitles: true,
      buttonStyle: 'rounded',
      shortcut: 'mod+k',
      apiUrl: null,
      indexUrl: '/docent-index.json',
    });
    assert.equal(DEFAULT_OPTIONS.indexPath, 'docent-index.json');
  });
});
