/**
 * `@docent/widget` and `dist/docent.js`: registers `<docent-search-button>`, `<docent-chat-button>` and
 * `<docent-chat>`. Importing it on a server does nothing.
 */
import { ELEMENT_TAGS } from '../attributes/model.js';
import { DocentChat } from './chat.js';
import { DocentChatButton } from './chatButton.js';
import { DocentSearchButton } from './searchButton.js';
import { define } from './define/define.js';

export { DocentChat, DocentChatButton, DocentSearchButton };
export type { OpenOptions } from './dialogHost.js';
export { setStylesheetUrl } from '../stylesheet.js';

define(ELEMENT_TAGS['search-button'], DocentSearchButton);
define(ELEMENT_TAGS['chat-button'], DocentChatButton);
define(ELEMENT_TAGS.chat, DocentChat);

declare global {
  interface HTMLElementTagNameMap {
    'docent-search-button': DocentSearchButton;
    'docent-chat-button': DocentChatButton;
    'docent-chat': DocentChat;
  }
}
