import {
  createElement,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  type ForwardedRef,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { createWarner, ELEMENT_TAGS, parseProps, toAttributes, type ElementKind, type Tab, type Warner, type WidgetProps } from '../attributes.js';

/** Methods of the search and chat buttons, through a React ref. */
export interface DocentElementHandle {
  open(options?: { tab?: Tab; query?: string }): void;
  close(): void;
}

interface ElementProps {
  /** The label (the element's text content). */
  children?: ReactNode;
  className?: string;
  id?: string;
}

type Props<K extends keyof WidgetProps> = Pick<WidgetProps, K> & { project: string } & ElementProps;

type CommonKeys = 'apiUrl' | 'hideBranding' | 'theme';
type DialogKeys =
  | CommonKeys
  | 'indexUrl'
  | 'headerTitle'
  | 'placeholder'
  | 'cleanTitles'
  | 'initialMessage'
  | 'suggestedQuestions'
  | 'suggestedQuestionsTitle'
  | 'footerText'
  | 'hideSources'
  | 'hideFeedback'
  | 'assistantName'
  | 'assistantAvatar'
  | 'storeHistory'
  | 'consentText';

export type SearchButtonProps = Props<DialogKeys | 'buttonStyle' | 'modalPosition' | 'defaultTab' | 'filters' | 'shortcut'>;
export type ChatButtonProps = Props<DialogKeys | 'buttonStyle' | 'buttonTheme' | 'buttonPosition' | 'modalPosition' | 'defaultTab'>;
export type ChatProps = Props<DialogKeys | 'embeddedHeight'>;

interface ElementWithMethods extends HTMLElement {
  open?: DocentElementHandle['open'];
  close?: DocentElementHandle['close'];
}

function registerElements(): void {
  // In the browser only, after hydration: the element code never runs on a server.
  import('../elements/index.js').catch((error: unknown) => console.error('Docent: the elements could not load.', error));
}

/** Parses the props through the attribute table (one warning per bad prop) and renders the custom element. */
function useElement(kind: ElementKind, props: ElementProps): {
  rendered: ReactElement;
  element: RefObject<ElementWithMethods | null>;
} {
  const warner = useRef<Warner | null>(null);
  warner.current ??= createWarner();
  const element = useRef<ElementWithMethods | null>(null);
  useEffect(registerElements, []);
  const { provided } = parseProps(kind, props, warner.current);
  const attributes = { ref: element, className: props.className, id: props.id, ...toAttributes(kind, provided) };
  return { rendered: createElement(ELEMENT_TAGS[kind], attributes, props.children), element };
}

function useButtonElement(kind: ElementKind, props: ElementProps, ref: ForwardedRef<DocentElementHandle>): ReactElement {
  const { rendered, element } = useElement(kind, props);
  const tag = ELEMENT_TAGS[kind];
  useImperativeHandle(
    ref,
    () => {
      const call = (action: (target: ElementWithMethods) => void): void => {
        void customElements.whenDefined(tag).then(() => {
          if (element.current) action(element.current);
        });
      };
      return {
        open: (options) => call((target) => target.open?.(options)),
        close: () => call((target) => target.close?.()),
      };
    },
    [element, tag],
  );
  return rendered;
}

/** `<docent-search-button>`: a search-box-like button that opens the dialog on the Search tab. */
export const SearchButton = forwardRef<DocentElementHandle, SearchButtonProps>(function SearchButton(props, ref) {
  return useButtonElement('search-button', props, ref);
});

/** `<docent-chat-button>`: the floating "Ask AI" launcher. */
export const ChatButton = forwardRef<DocentElementHandle, ChatButtonProps>(function ChatButton(props, ref) {
  return useButtonElement('chat-button', props, ref);
});

/** `<docent-chat>`: the chat panel inline in the page. */
export function Chat(props: ChatProps): ReactElement {
  return useElement('chat', props).rendered;
}
