/**
 * `@docent/widget` and `dist/docent.js`: registers `<docent-search-button>`, `<docent-chat-button>` and
 * `<docent-chat>`. Importing it on a server does nothing.
 */
import { ELEMENT_TAGS } from '../attributes/model.js';
import { DocentChat } from './chat.js';
import { DocentChatButton } from './chatButton.js';
import { DocentSearchButton } from './searchButton.js';

export { DocentChat, DocentChatButton, DocentSearchButton };
export type { OpenOptions } from './dialogHost.js';
export { setStylesheetUrl } from '../stylesheet.js';

function define(tag: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, constructor);
}

if (typeof customElements !== 'undefined') {
  define(ELEMENT_TAGS['search-button'], DocentSearchButton);
  define(ELEMENT_TAGS['chat-button'], DocentChatButton);
  define(ELEMENT_TAGS.chat, DocentChat);
}

declare global {
  interface HTMLElementTagNameMap {
    'docent-search-button': DocentSearchButton;
    'docent-chat-button': DocentChatButton;
    'docent-chat': DocentChat;
  }
}
