import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

describe('@docent/widget/react on a server', () => {
  test('imports without window, document or customElements', async () => {
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
    const module = await import('../src/react/index.js');
    assert.equal(typeof module.SearchButton, 'object'); // forwardRef
    assert.equal(typeof module.Chat, 'function');
  });

  test('renders only the element and its label, with attributes from camelCase props', async () => {
    const { SearchButton, ChatButton, Chat } = await import('../src/react/index.js');
    const html = renderToString(
      createElement(
        SearchButton,
        {
          project: 'my-project',
          cleanTitles: true,
          storeHistory: false,
          filters: [{ label: 'Guides', path: '/guides/' }],
          suggestedQuestions: ['How do I install the widget?'],
          headerTitle: 'Ask the docs',
        },
        'Search docs',
      ),
    );
    assert.equal(
      html,
      '<docent-search-button project="my-project" clean-titles="true" store-history="false" ' +
        'filters="[{&quot;label&quot;:&quot;Guides&quot;,&quot;path&quot;:&quot;/guides/&quot;}]" ' +
        'suggested-questions="[&quot;How do I install the widget?&quot;]" header-title="Ask the docs">Search docs</docent-search-button>',
    );
    assert.equal(
      renderToString(createElement(ChatButton, { project: 'my-project', buttonPosition: 'bottom-left' })),
      '<docent-chat-button project="my-project" button-position="bottom-left"></docent-chat-button>',
    );
    assert.equal(
      renderToString(createElement(Chat, { project: 'my-project', embeddedHeight: '40rem' })),
      '<docent-chat project="my-project" embedded-height="40rem"></docent-chat>',
    );
  });

  test('PageFeedback renders <docent-feedback> with its attributes, the label as its text', async () => {
    const { PageFeedback } = await import('../src/react/index.js');
    assert.equal(typeof PageFeedback, 'function');
    assert.equal(
      renderToString(createElement(PageFeedback, { project: 'my-project', apiUrl: 'https://docent.example.com', hideBranding: true, theme: 'dark' })),
      '<docent-feedback project="my-project" api-url="https://docent.example.com" hide-branding="true" theme="dark"></docent-feedback>',
    );
    assert.equal(
      renderToString(createElement(PageFeedback, { project: 'my-project', rating: 'up', className: 'inline' }, 'Helpful section')),
      '<docent-feedback class="inline" project="my-project" rating="up">Helpful section</docent-feedback>',
    );
  });

  test('renders a bad prop as it is and stays silent on the server: the element warns once in the browser', async () => {
    const { SearchButton } = await import('../src/react/index.js');
    const messages: string[] = [];
    const original = console.warn;
    console.warn = (message: unknown) => void messages.push(String(message));
    try {
      const html = renderToString(createElement(SearchButton, { project: 'my-project', buttonStyle: 'round' as 'pill' }));
      assert.equal(html, '<docent-search-button project="my-project" button-style="round"></docent-search-button>');
      assert.deepEqual(messages, []);
    } finally {
      console.warn = original;
    }
  });

  test('the element module loads on a server without registering anything', async () => {
    const module = await import('../src/elements/index.js');
    assert.equal(typeof module.DocentSearchButton, 'function');
    assert.equal(typeof module.DocentFeedback, 'function');
    await import('../src/elements/define/feedback.js');
  });
});
