// Registers <docent-feedback> alone: a React component loads only the element it renders.
import { DocentFeedback } from '../feedback.js';
import { define } from './define.js';

define('docent-feedback', DocentFeedback);
