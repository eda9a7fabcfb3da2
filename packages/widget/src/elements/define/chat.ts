// Registers <docent-chat> alone: a React component loads only the element it renders.
import { DocentChat } from '../chat.js';
import { define } from './define.js';

define('docent-chat', DocentChat);
