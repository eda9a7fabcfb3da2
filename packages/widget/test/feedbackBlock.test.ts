/**
 * The mounted `<docent-feedback>` block (src/feedback/index.ts) on a minimal fake DOM: what the reader sees after each
 * click, the event it dispatches, the request in connected mode, a failure and "Try again", and where the focus goes.
 * The fake implements only what the feedback chunk calls; the end-to-end suite runs the real thing in Chromium.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { createWarner } from '@docent/contract/attributes/parse';
import type { DocentEventDetails, DocentEventName } from '../src/events.js';
import type { FeedbackHost } from '../src/feedback/api.js';

class FakeElement {
  readonly attributes = new Map<string, string>();
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  className = '';
  hidden = false;
  readOnly = false;
  value = '';
  title = '';
  private text = '';
  private readonly listeners = new Map<string, Array<(event: { preventDefault(): void }) => void>>();
  readonly classList = {
    toggle: (name: string, force: boolean): void => {
      const names = new Set(this.className.split(' ').filter(Boolean));
      if (force) names.add(name);
      else names.delete(name);
      this.className = [...names].join(' ');
    },
    contains: (name: string): boolean => this.className.split(' ').includes(name),
  };

  constructor(readonly tagName: string) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
  append(...nodes: FakeElement[]): void {
    for (const node of nodes) {
      node.parent = this;
      this.children.push(node);
    }
  }
  replaceChildren(...nodes: FakeElement[]): void {
    this.children = [];
    this.append(...nodes);
  }
  get textContent(): string {
    return this.text + this.children.map((child) => child.textContent).join('');
  }
  set textContent(value: string) {
    this.text = value;
    this.children = [];
  }
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ preventDefault() {} });
  }
  contains(other: FakeElement): boolean {
    for (let node: FakeElement | null = other; node; node = node.parent) if (node === this) return true;
    return false;
  }
  closest(selector: string): FakeElement | null {
    assert.equal(selector, '[hidden]', 'the fake supports only [hidden]');
    for (let node: FakeElement | null = this; node; node = node.parent) if (node.hidden) return node;
    return null;
  }
  getRootNode(): typeof fakeDocument {
    return fakeDocument;
  }
  focus(): void {
    fakeDocument.activeElement = this;
  }
  /** What a reader can see: not hidden, nor inside something hidden. */
  get visible(): boolean {
    return this.closest('[hidden]') === null;
  }
  all(): FakeElement[] {
    return [this, ...this.children.flatMap((child) => child.all())];
  }
}

const fakeDocument = {
  activeElement: null as FakeElement | null,
  createElement: (tag: string) => new FakeElement(tag),
  createElementNS: (_namespace: string, tag: string) => new FakeElement(tag),
};
Object.assign(globalThis, {
  document: fakeDocument,
  HTMLElement: FakeElement,
  window: { location: { href: 'https://docs.example.com/guides/install?utm_source=x#step-2' } },
});

const { mountFeedback } = await import('../src/feedback/index.js');

type Dispatched = { [N in DocentEventName]: { name: N; detail: DocentEventDetails[N] } }[DocentEventName];

function mount(attributes: Record<string, string>, label = ''): { container: FakeElement; events: Dispatched[]; warnings: string[] } {
  const container = new FakeElement('div');
  const events: Dispatched[] = [];
  const warnings: string[] = [];
  const host: FeedbackHost = {
    getAttribute: (name) => attributes[name] ?? null,
    warner: createWarner((message) => warnings.push(message)),
    dispatch: (name, detail) => void events.push({ name, detail } as Dispatched),
    labelText: label,
  };
  mountFeedback(container as unknown as HTMLElement, host);
  return { container, events, warnings };
}

const byTag = (root: FakeElement, tag: string): FakeElement[] => root.all().filter((node) => node.tagName === tag);
function button(root: FakeElement, name: string): FakeElement {
  const found = byTag(root, 'button').find((node) => (node.getAttribute('aria-label') ?? node.textContent) === name);
  assert.ok(found, `a button named ${name}`);
  return found;
}
const status = (root: FakeElement): FakeElement => root.all().find((node) => node.getAttribute('role') === 'status') as FakeElement;
const textarea = (root: FakeElement): FakeElement => byTag(root, 'textarea')[0] as FakeElement;
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Request {
  readonly url: string;
  readonly init: RequestInit;
}

function stubFetch(respond: () => Promise<{ ok: boolean; status: number }>): Request[] {
  const requests: Request[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return respond();
  }) as unknown as typeof fetch;
  return requests;
}

beforeEach(() => {
  fakeDocument.activeElement = null;
});

describe('the mounted feedback block, static mode', () => {
  test('shows the question, Yes and No unpressed, no comment box, the branding', () => {
    const { container, warnings } = mount({ project: 'docent-docs' });
    const heading = byTag(container, 'h2')[0];
    assert.equal(heading?.textContent, 'Was this page helpful?');
    assert.equal(button(container, 'Yes').getAttribute('aria-pressed'), 'false');
    assert.equal(button(container, 'No').getAttribute('aria-pressed'), 'false');
    assert.equal(textarea(container).visible, false);
    assert.equal(status(container).textContent, '');
    assert.ok(container.all().some((node) => node.textContent === 'Powered by Docent' && node.visible));
    assert.deepEqual(warnings, []);
  });

  test('the element text replaces the heading; hide-branding hides the branding', () => {
    const { container } = mount({ project: 'docent-docs', 'hide-branding': '' }, 'Did this guide work for you?');
    assert.equal(byTag(container, 'h2')[0]?.textContent, 'Did this guide work for you?');
    assert.ok(!container.all().some((node) => node.textContent === 'Powered by Docent' && node.visible));
  });

  test('"No", a comment, Send: the event carries the page, the rating and the comment; then thanks', async () => {
    const { container, events } = mount({ project: 'docent-docs' });
    button(container, 'No').fire('click');
    assert.equal(button(container, 'No').getAttribute('aria-pressed'), 'true');
    const comment = textarea(container);
    assert.ok(comment.visible);
    assert.equal(comment.getAttribute('maxlength'), '2000');
    const label = byTag(container, 'label')[0];
    assert.equal(label?.getAttribute('for'), comment.getAttribute('id'));
    comment.value = '  Step 2 fails on Windows.\nThe path is wrong. ';
    comment.fire('input');
    assert.deepEqual(events, [], 'nothing is sent before Send');
    const send = button(container, 'Send');
    send.focus();
    byTag(container, 'form')[0]?.fire('submit');
    await flush();
    assert.deepEqual(events, [
      {
        name: 'docent:feedback',
        detail: { target: { type: 'page', url: 'https://docs.example.com/guides/install' }, rating: 'down', comment: 'Step 2 fails on Windows.\nThe path is wrong.' },
      },
    ]);
    assert.equal(status(container).textContent, 'Thanks for your feedback.');
    assert.equal(comment.visible, false);
    assert.equal(fakeDocument.activeElement, button(container, 'No'), 'the focus moves from the hidden Send to the pressed No');
    assert.equal(button(container, 'Yes').getAttribute('aria-disabled'), 'true');
    button(container, 'Yes').fire('click');
    assert.equal(events.length, 1, 'a recorded rating is final');
  });

  test('"Yes" records at once', async () => {
    const { container, events } = mount({ project: 'docent-docs' });
    button(container, 'Yes').fire('click');
    await flush();
    assert.deepEqual(events.map((event) => event.detail), [{ target: { type: 'page', url: 'https://docs.example.com/guides/install' }, rating: 'up' }]);
    assert.equal(button(container, 'Yes').getAttribute('aria-pressed'), 'true');
    assert.equal(status(container).textContent, 'Thanks for your feedback.');
  });
});

describe('the mounted feedback block, connected mode', () => {
  test('POSTs to sendFeedback, then dispatches and thanks', async () => {
    const requests = stubFetch(async () => ({ ok: true, status: 202 }));
    const { container, events } = mount({ project: 'docent-docs', 'api-url': 'https://docent.example.com/' });
    button(container, 'Yes').fire('click');
    assert.equal(status(container).textContent, 'Sending your feedback…');
    await flush();
    assert.equal(requests.length, 1);
    assert.equal(requests[0]?.url, 'https://docent.example.com/v1/projects/docent-docs/feedback');
    assert.equal(requests[0]?.init.credentials, 'omit');
    assert.deepEqual(JSON.parse(String(requests[0]?.init.body)), { target: { type: 'page', url: 'https://docs.example.com/guides/install' }, rating: 'up' });
    assert.equal(events.length, 1);
    assert.equal(status(container).textContent, 'Thanks for your feedback.');
  });

  test('a failure says why, keeps the comment, and "Try again" sends it again', async () => {
    let answer = { ok: false, status: 503 };
    const requests = stubFetch(async () => answer);
    const { container, events } = mount({ project: 'docent-docs', 'api-url': 'https://docent.example.com' });
    button(container, 'No').fire('click');
    textarea(container).value = 'Missing example';
    textarea(container).fire('input');
    byTag(container, 'form')[0]?.fire('submit');
    await flush();
    assert.equal(status(container).textContent, 'Your feedback was not sent: the Docent server answered HTTP 503.');
    assert.ok(status(container).classList.contains('docent-feedback-error'));
    assert.deepEqual(events, [], 'no event for feedback that was not recorded');
    assert.ok(textarea(container).visible);
    assert.equal(textarea(container).value, 'Missing example');
    const retry = button(container, 'Try again');
    assert.ok(retry.visible);
    answer = { ok: true, status: 202 };
    retry.focus();
    retry.fire('click');
    assert.equal(fakeDocument.activeElement, button(container, 'Send'), 'the focus leaves the hidden Try again for Send');
    await flush();
    assert.equal(requests.length, 2);
    assert.equal(JSON.parse(String(requests[1]?.init.body)).comment, 'Missing example');
    assert.equal(events.length, 1);
    assert.equal(status(container).textContent, 'Thanks for your feedback.');
    assert.equal(retry.visible, false);
  });
});

describe('the single thumb (rating)', () => {
  test('one named toggle that records at once; the thanks is for screen readers', async () => {
    const { container, events } = mount({ project: 'docent-docs', rating: 'down' });
    assert.equal(byTag(container, 'button').length, 1);
    const thumb = button(container, 'This page was not helpful');
    assert.equal(thumb.getAttribute('aria-pressed'), 'false');
    thumb.fire('click');
    await flush();
    assert.equal(thumb.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(events.map((event) => event.detail), [{ target: { type: 'page', url: 'https://docs.example.com/guides/install' }, rating: 'down' }]);
    assert.equal(status(container).textContent, 'Thanks for your feedback.');
    assert.equal(status(container).className, 'docent-visually-hidden');
    assert.equal(textarea(container), undefined, 'no comment box inline');
  });

  test('a bad rating warns once and falls back to the block', () => {
    const { container, warnings } = mount({ project: 'docent-docs', rating: 'sideways' });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /<docent-feedback> attribute rating has a bad value "sideways"\. Allowed: up, down/);
    assert.ok(button(container, 'Yes'));
  });
});
