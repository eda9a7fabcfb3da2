/**
 * The open and closed states of a button's dialog: `docent:open` when it opens, `docent:close` and focus back on
 * the button when it closes, whoever closes it (the button's `close()`, Esc, the close button, an opened result).
 * It ships with the dialog chunk: a page pays for it only once the reader shows intent.
 */
import type { AssistantHost, ButtonController, ButtonHost, DialogModule } from './api.js';

export function createButtonController(
  container: HTMLElement,
  host: ButtonHost,
  mountDialog: DialogModule['mountDialog'],
): ButtonController {
  const closed = (): void => {
    host.isOpen = false;
    host.dispatch('docent:close', undefined);
    host.button.focus({ preventScroll: true });
  };
  const dialogHost: AssistantHost = {
    kind: host.kind,
    warner: host.warner,
    getAttribute: (name) => host.getAttribute(name),
    dispatch: (name, detail) => host.dispatch(name, detail),
    onClosed: () => {
      if (host.isOpen) closed();
    },
  };
  const dialog = mountDialog(container, dialogHost);
  return {
    open({ tab, query }) {
      const wasOpen = host.isOpen;
      host.isOpen = true;
      dialog.open({
        tab: tab === 'search' || tab === 'ask' ? tab : host.options.defaultTab,
        query: typeof query === 'string' ? query : undefined,
      });
      if (!wasOpen) host.dispatch('docent:open', undefined);
    },
    close() {
      if (!host.isOpen) return;
      dialog.close();
      closed();
    },
    update: () => dialog.update(),
  };
}
