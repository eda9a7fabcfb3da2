/**
 * What every Docent element shares: the open shadow root with `docent.css` (and the element's own `styles`) linked
 * in it, options parsed from the element's own rows of the attribute table (one warning per attribute), the color
 * scheme kept in sync with the page, the label taken from the element's text, and the `docent:*` events.
 */
import { THEME_ROW } from '@docent/contract/attributes/buttonRows';
import type { AttributeRule, ElementKind, ElementOptions } from '@docent/contract/attributes/model';
import { createWarner, parseRows, type Warner } from '@docent/contract/attributes/parse';
import type { AssistantHost } from '../dialog/api.js';
import { dispatchDocentEvent, type DocentEventDetails, type DocentEventName } from '../events.js';
import { stylesheetUrl, type StylesheetName } from '../stylesheet.js';
import { currentScheme, watchScheme } from '../theme.js';
import { element } from './dom.js';

/** On a server there is no `HTMLElement`: the classes still load, they are just never registered. */
const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/** Links a stylesheet before `node`; resolves once it has loaded (or failed, or after 3 s). */
function linkStylesheet(node: Element, name: StylesheetName): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 3000);
    stylesheetUrl(name).then((href) => {
      const link = element('link', '', { rel: 'stylesheet', href });
      link.onload = link.onerror = () => resolve();
      node.before(link);
    }, resolve);
  });
}

/** What every element reads itself: `theme`. */
type BaseOptions = Pick<ElementOptions, 'theme'>;

export abstract class DocentElement<O extends BaseOptions = BaseOptions> extends ElementBase implements AssistantHost {
  static kind: ElementKind = 'search-button';
  /**
   * The rows of the attribute table this element parses itself (the dialog code parses the others when it loads).
   * Each element has its own list, so the search button's code carries only its own rows and value types.
   */
  static rows: readonly AttributeRule[] = [THEME_ROW as AttributeRule];
  /** Stylesheets the element links beside `docent.css` before it shows (the chat elements' docent-chat.css). */
  static styles: readonly StylesheetName[] = [];

  /** The options the element itself reads: its `rows`. */
  options!: O;
  /** The wrapper inside the shadow root that carries the scheme (`data-docent-scheme`). */
  protected root!: HTMLDivElement;
  /** One warning per attribute for the lifetime of this element, shared with its dialog code. */
  readonly warner: Warner = createWarner();
  private built = false;
  private cleanups: Array<() => void> = [];
  private extraStyles = new Map<StylesheetName, Promise<void>>();

  get kind(): ElementKind {
    return (this.constructor as typeof DocentElement).kind;
  }

  /** The element's text content, or the default label. */
  protected label(fallback: string): string {
    return this.textContent?.replace(/\s+/g, ' ').trim() || fallback;
  }

  connectedCallback(): void {
    if (this.built) this.refresh();
    else this.build();
    this.applyScheme();
    // One observer for the label (text content) and for every attribute, whatever rows the table has.
    const observer = new MutationObserver((records) => {
      if (records.some((record) => record.type === 'attributes')) this.refresh();
      else this.render();
    });
    observer.observe(this, { attributes: true, childList: true, characterData: true, subtree: true });
    this.cleanups.push(
      watchScheme(() => this.applyScheme()),
      () => observer.disconnect(),
    );
    this.connected();
  }

  disconnectedCallback(): void {
    this.cleanups.forEach((cleanup) => cleanup());
    this.cleanups = [];
    this.disconnected();
  }

  private parse(): O {
    const { rows } = this.constructor as typeof DocentElement;
    return parseRows(rows, this.kind, (name) => this.getAttribute(name), this.warner) as unknown as O;
  }

  private refresh(): void {
    this.options = this.parse();
    this.render();
    this.applyScheme();
    this.optionsChanged();
  }

  private build(): void {
    this.built = true;
    this.options = this.parse();
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.root = element('div', 'docent-root');
    // Unstyled markup never shows: the wrapper appears once its stylesheets have loaded (or failed).
    this.root.hidden = true;
    shadow.replaceChildren(this.root);
    const { styles } = this.constructor as typeof DocentElement;
    void Promise.all([linkStylesheet(this.root, 'docent.css'), ...styles.map((name) => this.loadStyles(name))]).then(() => {
      this.root.hidden = false;
    });
    this.create();
    this.render();
  }

  /** Links `docent-dialog.css` (once) and resolves when it has loaded, so the dialog never shows unstyled. */
  protected loadDialogStyles(): Promise<void> {
    return this.loadStyles('docent-dialog.css');
  }

  /** Links a stylesheet beside `docent.css` (once) and resolves when it has loaded (or failed, or after 3 s). */
  protected loadStyles(name: StylesheetName): Promise<void> {
    let loaded = this.extraStyles.get(name);
    if (!loaded) {
      loaded = linkStylesheet(this.root, name);
      this.extraStyles.set(name, loaded);
    }
    return loaded;
  }

  protected applyScheme(): void {
    this.root.dataset.docentScheme = currentScheme(this.options.theme);
  }

  dispatch<N extends DocentEventName>(name: N, detail: DocentEventDetails[N]): void {
    dispatchDocentEvent(this, name, detail);
  }

  /** The dialog closed itself (the element is the `AssistantHost` of its dialog code). */
  onClosed(): void {}

  /** Builds the element's DOM inside `this.root`, once. */
  protected abstract create(): void;
  /** Updates the DOM from `this.options` and the label. */
  protected abstract render(): void;
  protected connected(): void {}
  protected disconnected(): void {}
  protected optionsChanged(): void {}
}
