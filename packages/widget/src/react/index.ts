'use client';
/**
 * `@docent/widget/react`: React components for the Docent elements. They render the custom element (with its
 * label) on the server and register the elements in the browser after hydration, so they are safe to
 * server-render and add nothing but the button to the first load. Each registers only its own element:
 * `PageFeedback` loads no dialog code, and the buttons load no feedback code.
 */
export { SearchButton, ChatButton, Chat, PageFeedback } from './components.js';
export type { SearchButtonProps, ChatButtonProps, ChatProps, PageFeedbackProps, DocentElementHandle } from './components.js';
export { setStylesheetUrl } from '../stylesheet.js';
