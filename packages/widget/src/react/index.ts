'use client';
/**
 * `@docent/widget/react`: React components for the Docent elements. They render the custom element (with its
 * label) on the server, so they are safe to server-render, and register it in the browser after hydration, each
 * only its own: `PageFeedback` loads no dialog code, and the buttons load no feedback code. `SearchButton` brings its
 * element's code with the page (the button every page shows, about 3 KB gzip); the others import theirs as a chunk.
 */
export { SearchButton } from './searchButton.js';
export { ChatButton, Chat, PageFeedback } from './components.js';
export type { SearchButtonProps, ChatButtonProps, ChatProps, PageFeedbackProps, DocentElementHandle } from './components.js';
export { setStylesheetUrl } from '../stylesheet.js';
