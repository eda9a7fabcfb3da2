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
import { attributeNameOf, toAttributeValue } from '../attributes/attributeText.js';
import { ELEMENT_TAGS, type ElementKind, type Tab } from '../attributes/model.js';
import type { WidgetProps } from '../attributes.js';

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
export type PageFeedbackProps = Props<CommonKeys | 'rating'>;

interface ElementWithMethods extends HTMLElement {
  open?: DocentElementHandle['open'];
  close?: DocentElementHandle['close'];
}

/** Each component registers only its own element, so a page with the search button loads no chat code. */
const REGISTER: Partial<Record<ElementKind, () => Promise<unknown>>> = {
  'search-button': () => import('../elements/define/searchButton.js'),
  'chat-button': () => import('../elements/define/chatButton.js'),
  chat: () => import('../elements/define/chat.js'),
  feedback: () => import('../elements/define/feedback.js'),
};

function registerElement(kind: ElementKind): void {
  // In the browser only, after hydration: the element code never runs on a server.
  REGISTER[kind]?.().catch((error: unknown) => console.error('Docent: the element could not load.', error));
}

const NOT_ATTRIBUTES = new Set(['children', 'className', 'id']);

/**
 * Props → attribute text. The element itself checks the values (one warning per bad attribute, then the
 * default), so the page does not ship the attribute table with the button.
 */
export function toElementAttributes(props: object): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [prop, value] of Object.entries(props)) {
    const text = NOT_ATTRIBUTES.has(prop) ? null : toAttributeValue(value);
    if (text !== null) attributes[attributeNameOf(prop)] = text;
  }
  return attributes;
}

/** Renders the custom element with the props as attributes, and registers the elements after hydration. */
function useElement(kind: ElementKind, props: ElementProps): {
  rendered: ReactElement;
  element: RefObject<ElementWithMethods | null>;
} {
  const element = useRef<ElementWithMethods | null>(null);
  useEffect(() => registerElement(kind), [kind]);
  const attributes = { ref: element, className: props.className, id: props.id, ...toElementAttributes(props) };
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

/**
 * `<docent-feedback>`: "Was this page helpful?" with thumbs up and down and an optional comment; with `rating`, one
 * thumb for inline use. The children replace the heading (or name the single thumb).
 */
export function PageFeedback(props: PageFeedbackProps): ReactElement {
  return useElement('feedback', props).rendered;
}
