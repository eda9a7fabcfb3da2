// Registers <docent-chat-button> alone: a React component loads only the element it renders.
import { DocentChatButton } from '../chatButton.js';
import { define } from './define.js';

define('docent-chat-button', DocentChatButton);
