/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The lazily loaded chunk: React, the assistant dialog and the embedded panel. The element module imports it on
 * first hover, focus, click or shortcut (or when a `<docent-chat>` comes near the viewport).
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { parseAttributes, type WidgetOptions } from '../attributes.js';
import { sourceFor } from '../data/index.js';
import type { AssistantHost, DialogHandle, DialogModule, OpenRequest, PanelHandle } from './api.js';
import { AssistantDialog, type DialogRequest } from './AssistantDialog.js';
import { createButtonController } from './controlButton.js';
import { Panel } from './Panel.js';

/** Every option of the host element, parsed through the whole attribute table. */
function readOptions(host: AssistantHost): WidgetOptions {
  return parseAttributes(host.kind, (name) => host.getAttribute(name), host.warner);
}

export const mountDialog: DialogModule['mountDialog'] = (container, host): DialogHandle => {
  const root = createRoot(container);
  let options = readOptions(host);
  let request: DialogRequest = { open: false, tab: options.defaultTab, seq: 0 };
  const render = (): void => root.render(<AssistantDialog host={host} options={options} request={request} />);
  render();
  return {
    // Opening and closing render at once: the modal is shown with focus in its input, or closed, when the call
    // returns. The caller moves focus back to the button next, which is inert while the modal is open.
    open(next: OpenRequest) {
      request = { open: true, tab: next.tab, query: next.query, seq: request.seq + 1 };
      flushSync(render);
    },
    close() {
      request = { ...request, open: false, query: undefined, seq: request.seq + 1 };
      flushSync(render);
    },
    update() {
      options = readOptions(host);
      render();
    },
    destroy() {
      root.unmount();
    },
  };
};

export const controlButton: DialogModule['controlButton'] = (container, host) =>
  createButtonController(container, host, mountDialog);

export const mountPanel: DialogModule['mountPanel'] = (container, host): PanelHandle => {
  container.replaceChildren(); // the "Loading the assistant…" placeholder
  const root = createRoot(container);
  const render = (): void => root.render(<Panel host={host} options={readOptions(host)} />);
  render();
  return {
    update: render,
    destroy() {
      root.unmount();
    },
  };
};

export const prepare: DialogModule['prepare'] = (host) => {
  sourceFor(readOptions(host))
    .prepare()
    .catch(() => undefined); // the error shows when the reader searches, with a retry
};
