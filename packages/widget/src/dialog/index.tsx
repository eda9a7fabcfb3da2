/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The lazily loaded chunk: React, the assistant dialog and the embedded panel. The element module imports it on
 * first hover, focus, click or shortcut (or when a `<docent-chat>` comes near the viewport).
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { parseAttributes } from '@docent/contract/attributes';
import { sourceFor } from '../data/index.js';
import type { AssistantHost, DialogHandle, DialogModule, OpenRequest, PanelHandle } from './api.js';
import { AssistantDialog, type DialogRequest } from './AssistantDialog.js';
import { createButtonController } from './controlButton.js';
import { createOptionsReader } from './elementOptions.js';
import { Panel } from './Panel.js';

export const mountDialog: DialogModule['mountDialog'] = (container, host): DialogHandle => {
  const root = createRoot(container);
  let mounted = true;
  const reader = createOptionsReader(host, () => {
    if (mounted) update();
  });
  let options = reader.read();
  let request: DialogRequest = { open: false, tab: options.defaultTab, seq: 0 };
  const render = (): void => root.render(<AssistantDialog host={host} options={options} request={request} />);
  const update = (): void => {
    options = reader.read();
    render();
  };
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
    update,
    destroy() {
      mounted = false;
      root.unmount();
    },
  };
};

export const controlButton: DialogModule['controlButton'] = (container, host) =>
  createButtonController(container, host, mountDialog);

export const mountPanel: DialogModule['mountPanel'] = (container, host): PanelHandle => {
  container.replaceChildren(); // the "Loading the assistant…" placeholder
  const root = createRoot(container);
  let mounted = true;
  const reader = createOptionsReader(host, () => {
    if (mounted) render();
  });
  const render = (): void => root.render(<Panel host={host} options={reader.read()} />);
  render();
  return {
    update: render,
    destroy() {
      mounted = false;
      root.unmount();
    },
  };
};

/** Starts what the dialog needs before it opens: the index in static mode, the project's settings in connected mode. */
export const prepare: DialogModule['prepare'] = (host) => {
  sourceFor(parseAttributes(host.kind, (name) => host.getAttribute(name), host.warner))
    .prepare()
    .catch(() => undefined); // the error shows when the reader searches, with a retry
};
