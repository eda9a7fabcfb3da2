/**
 * Connected mode's server settings (data/serverSettings.ts): `getProject`'s `widget` read and checked like the
 * attributes, merged under what the page wrote, fetched once per page, and never in the reader's way.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { assertMatches } from '../../server/test/contract.js';
import { createWarner, parseAttributes, type ElementKind } from '../src/attributes.js';
import { createRemoteSource, forgetServerSettings, type Fetch } from '../src/data/remoteSource.js';
import { readServerSettings, withServerSettings, type ServerSettings } from '../src/data/serverSettings.js';
import type { AssistantHost } from '../src/dialog/api.js';
import { createOptionsReader } from '../src/dialog/elementOptions.js';

/** `WidgetSettings` as a server configured for a product would send it. */
const WIDGET = {
  header_title: 'Acme assistant',
  placeholder: 'Ask Acme…',
  initial_message: 'Hi! Ask me anything about **Acme**.',
  suggested_questions: ['How do retries work?', ' '],
  suggested_questions_title: 'Try asking',
  footer_text: 'Answers can be wrong.',
  consent_text: null,
  filters: [{ label: 'Guides', path: '/guides/' }],
  hide_sources: true,
  hide_feedback: false,
  hide_branding: true,
  assistant_name: 'Acme bot',
  assistant_avatar: 'https://acme.test/bot.png',
};
const PROJECT = { id: 'acme-docs', name: 'Acme docs', plan: 'team', public: true, answer_mode: 'extractive', widget: WIDGET };

function read(widget: Record<string, unknown>): { settings: ServerSettings; warnings: string[] } {
  const warnings: string[] = [];
  return { settings: readServerSettings({ ...PROJECT, widget }, (message) => warnings.push(message)), warnings };
}

/** The options of `kind` with these attributes, then the server's settings merged in. */
function merged(kind: ElementKind, attributes: Record<string, string>, settings: ServerSettings) {
  const getAttribute = (name: string): string | null => attributes[name] ?? null;
  const options = parseAttributes(kind, getAttribute, createWarner(() => undefined));
  return withServerSettings(options, settings, kind, getAttribute);
}

describe('reading the server’s widget settings', () => {
  test('every setting of the contract becomes the option of the same name, checked as the attribute is', () => {
    assertMatches('WidgetSettings', WIDGET);
    const { settings, warnings } = read(WIDGET);
    assert.deepEqual(settings, {
      headerTitle: 'Acme assistant',
      placeholder: 'Ask Acme…',
      initialMessage: 'Hi! Ask me anything about **Acme**.',
      suggestedQuestions: ['How do retries work?'], // blank questions dropped, as from the attribute
      suggestedQuestionsTitle: 'Try asking',
      footerText: 'Answers can be wrong.',
      consentText: undefined,
      filters: [{ label: 'Guides', path: '/guides/' }],
      hideSources: true,
      hideFeedback: false,
      hideBranding: true,
      assistantName: 'Acme bot',
      assistantAvatar: 'https://acme.test/bot.png',
    });
    assert.deepEqual(warnings, []);
  });

  test('a bad value is dropped with one warning naming the setting, the value and what is allowed', () => {
    const { settings, warnings } = read({
      ...WIDGET,
      header_title: 42,
      filters: [{ label: 'Guides' }],
      hide_sources: 'yes',
      assistant_avatar: 'javascript:alert(1)',
      assistant_name: null,
    });
    for (const prop of ['headerTitle', 'filters', 'hideSources', 'assistantAvatar', 'assistantName']) assert.ok(!(prop in settings), prop);
    assert.equal(settings.placeholder, 'Ask Acme…', 'the good settings stay');
    assert.deepEqual(warnings, [
      'Docent: the server\'s widget setting header_title has a bad value 42. Allowed: any text. Using the default ("Ask AI").',
      'Docent: the server\'s widget setting filters has a bad value [{"label":"Guides"}]. Allowed: a JSON array of {"label", "path"} objects whose path starts with /, such as [{"label": "Guides", "path": "/guides/"}]. Using the default ([]).',
      'Docent: the server\'s widget setting hide_sources has a bad value "yes". Allowed: true, false, or no value. Using the default (false).',
      'Docent: the server\'s widget setting assistant_name has a bad value null. Allowed: any text. Using the default ("Docent").',
      'Docent: the server\'s widget setting assistant_avatar has a bad value "javascript:alert(1)". Allowed: an http(s) URL or a path. Using the default (none).',
    ]);
  });

  test('a setting left out, or blank, keeps the default without a warning; so does a response without settings', () => {
    const { settings, warnings } = read({ header_title: '   ', placeholder: 'Ask Acme…' });
    assert.deepEqual(settings, { placeholder: 'Ask Acme…' });
    assert.deepEqual(warnings, []);
    assert.deepEqual(readServerSettings('<html>'), {});
    assert.deepEqual(readServerSettings({ id: 'acme-docs' }), {});
  });
});

describe('merging them with the element’s attributes', () => {
  const { settings } = read(WIDGET);

  test('the server’s settings replace the built-in defaults', () => {
    const options = merged('search-button', { project: 'acme-docs', 'api-url': 'https://api.acme.test' }, settings);
    assert.equal(options.headerTitle, 'Acme assistant');
    assert.equal(options.hideBranding, true);
    assert.deepEqual(options.filters, [{ label: 'Guides', path: '/guides/' }]);
    assert.equal(options.project, 'acme-docs', 'what the server does not set stays the element’s');
  });

  test('an attribute the page set wins, whatever its value; a blank one counts as left out', () => {
    const options = merged(
      'search-button',
      { project: 'acme-docs', 'header-title': 'Docs help', 'hide-branding': 'false', 'hide-sources': '', placeholder: '  ', 'footer-text': '' },
      settings,
    );
    assert.equal(options.headerTitle, 'Docs help');
    assert.equal(options.hideBranding, false, '`false` written out wins over the server’s true');
    assert.equal(options.hideSources, true, 'a boolean attribute with no value is set');
    assert.equal(options.placeholder, 'Ask Acme…');
    assert.equal(options.footerText, 'Answers can be wrong.');
  });

  test('an attribute with a bad value still wins: the element uses the default its warning named', () => {
    const options = merged('search-button', { project: 'acme-docs', filters: 'guides' }, settings);
    assert.deepEqual(options.filters, []);
  });

  test('a setting the element does not have stays out (filters belong to the search button)', () => {
    assert.deepEqual(merged('chat-button', { project: 'acme-docs' }, settings).filters, []);
    assert.equal(merged('chat', { project: 'acme-docs' }, settings).assistantName, 'Acme bot');
  });

  test('none from the server clears nothing the page set', () => {
    const options = merged('search-button', { project: 'acme-docs', 'consent-text': 'Accept **this**.' }, { consentText: undefined });
    assert.equal(options.consentText, 'Accept **this**.');
  });
});

describe('asking the server for them', () => {
  let warnings: string[];
  const realWarn = console.warn;
  beforeEach(() => {
    forgetServerSettings();
    warnings = [];
    console.warn = (message: string) => warnings.push(message);
  });
  afterEach(() => {
    console.warn = realWarn;
  });

  function fakeFetch(respond: () => Promise<Response>): { fetch: Fetch; urls: string[]; inits: RequestInit[] } {
    const urls: string[] = [];
    const inits: RequestInit[] = [];
    return {
      urls,
      inits,
      fetch: async (url, init) => {
        urls.push(url);
        inits.push(init);
        return respond();
      },
    };
  }

  test('getProject once per project and page, started by prepare(), shared by every source', async () => {
    const fake = fakeFetch(async () => Response.json({ ...PROJECT, widget: { ...WIDGET, hide_feedback: 'no' } }));
    const first = createRemoteSource('https://api.acme.test/', 'acme-docs', { fetch: fake.fetch });
    await first.prepare();
    const second = createRemoteSource('https://api.acme.test', 'acme-docs', { fetch: fake.fetch });
    const [a, b] = await Promise.all([first.settings?.(), second.settings?.()]);
    assert.deepEqual(fake.urls, ['https://api.acme.test/v1/projects/acme-docs']);
    assert.equal(fake.inits[0]?.credentials, 'omit');
    assert.equal(a?.headerTitle, 'Acme assistant');
    assert.equal(a, b);
    assert.equal(warnings.length, 1, 'a bad setting warns once for the page, however many elements read it');
    assert.match(warnings[0] ?? '', /widget setting hide_feedback/);
  });

  test('a failed request leaves the attributes and defaults, silently', async () => {
    for (const respond of [
      async () => new Response('{"title":"Not found","status":404}', { status: 404 }),
      async () => new Response('<html>proxy error</html>', { status: 200 }),
      async (): Promise<Response> => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      forgetServerSettings();
      const source = createRemoteSource('https://api.acme.test', 'acme-docs', { fetch: fakeFetch(respond).fetch });
      assert.deepEqual(await source.settings?.(), {});
    }
    assert.deepEqual(warnings, []);
  });
});

describe('the dialog’s options', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => forgetServerSettings());
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function host(attributes: Record<string, string>): AssistantHost {
    return {
      kind: 'search-button',
      getAttribute: (name) => attributes[name] ?? null,
      warner: createWarner(() => undefined),
      dispatch: () => undefined,
      onClosed: () => undefined,
    };
  }

  test('first the attributes, then, once the server has answered, its settings under them', async () => {
    let release: (response: Response) => void = () => undefined;
    globalThis.fetch = () => new Promise<Response>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (arrived = resolve));
    const element = host({ project: 'acme-docs', 'api-url': 'https://api.acme.test', 'assistant-name': 'Helper' });
    const reader = createOptionsReader(element, () => arrived());
    const before = reader.read();
    assert.equal(before.headerTitle, 'Ask AI', 'the dialog renders at once, with the defaults');
    release(Response.json(PROJECT));
    await settled;
    const after = reader.read();
    assert.equal(after.headerTitle, 'Acme assistant');
    assert.equal(after.assistantName, 'Helper');
  });

  test('static mode asks the server nothing', () => {
    let calls = 0;
    globalThis.fetch = async () => {
      calls += 1;
      return Response.json({});
    };
    const reader = createOptionsReader(host({ project: 'acme-docs' }), () => assert.fail('no settings in static mode'));
    assert.equal(reader.read().headerTitle, 'Ask AI');
    assert.equal(calls, 0);
  });
});
