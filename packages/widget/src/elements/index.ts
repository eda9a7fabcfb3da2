/**
 * `@docent/widget` and `dist/docent.js`: registers `<docent-search-button>`, `<docent-chat-button>`, `<docent-chat>`
 * and `<docent-feedback>`. Importing it on a server does nothing. Each element loads its own code when it needs it:
 * the dialog chunk on first use of a button or when the chat panel nears the viewport, the feedback chunk when a
 * `<docent-feedback>` connects.
 */
import { ELEMENT_TAGS } from '@docent/contract/attributes/model';
import { DocentChat } from './chat.js';
import { DocentChatButton } from './chatButton.js';
import { DocentFeedback } from './feedback.js';
import { DocentSearchButton } from './searchButton.js';
import { define } from './define/define.js';

export { DocentChat, DocentChatButton, DocentFeedback, DocentSearchButton };
export type { OpenOptions } from './dialogHost.js';
export { setStylesheetUrl } from '../stylesheet.js';

define(ELEMENT_TAGS['search-button'], DocentSearchButton);
define(ELEMENT_TAGS['chat-button'], DocentChatButton);
define(ELEMENT_TAGS.chat, DocentChat);
define(ELEMENT_TAGS.feedback, DocentFeedback);

declare global {
  interface HTMLElementTagNameMap {
    'docent-search-button': DocentSearchButton;
    'docent-chat-button': DocentChatButton;
    'docent-chat': DocentChat;
    'docent-feedback': DocentFeedback;
  }
}
