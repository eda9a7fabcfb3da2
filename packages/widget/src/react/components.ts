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
import { attributeNameOf, toAttributeValue } from '@docent/contract/attributes/attributeText';
import type { ELEMENT_TAGS, ElementKind, Tab } from '@docent/contract/attributes/model';
import type { WidgetProps } from '@docent/contract/attributes';
import { whenNear } from '../nearViewport.js';

/** Methods of the search and chat buttons, through a React ref. */
export interface DocentElementHandle {
  open(options?: { tab?: Tab; query?: string }): void;
  close(): void;
}

export interface ElementProps {
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
  | 'answerThreshold'
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

/** Registers an element; called in the browser only, after hydration: the element code never runs on a server. */
export type Register = () => void;

/** An element whose code is a chunk of its own, imported on first render: a page loads only the elements it shows. */
function lazyElement(load: () => Promise<unknown>): Register {
  return () => {
    load().catch((error: unknown) => console.error('Docent: the element could not load.', error));
  };
}

// `<docent-search-button>` is not here: its component brings the element with the page (searchButton.ts).
const registerChatButton = lazyElement(() => import('../elements/define/chatButton.js'));
const registerChat = lazyElement(() => import('../elements/define/chat.js'));
const registerFeedback = lazyElement(() => import('../elements/define/feedback.js'));

/** A Docent element's tag name, written out where it is rendered: the page carries nothing of the attribute model. */
type Tag = (typeof ELEMENT_TAGS)[ElementKind];

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

/** When an element's code loads: once the page has hydrated, or once the element comes near the viewport. */
type LoadWhen = 'hydrated' | 'near';

/** How far outside the viewport `near` starts loading: one screen, so the element is drawn before it scrolls in. */
const NEAR_VIEWPORT = '100% 0px';

/**
 * Calls `register` after hydration, in a task of its own: defining an element upgrades every copy on the page,
 * which is work the task that runs hydration's effects need not carry. With `near`, it calls `register` once
 * `element` comes within a screen of the viewport (at once where the browser has no IntersectionObserver). An
 * element that never nears the viewport never loads.
 */
function useRegister(register: Register, when: LoadWhen, element: RefObject<Element | null>): void {
  useEffect(() => {
    const target = element.current;
    if (when === 'hydrated' || !target) {
      const timer = setTimeout(register, 0);
      return () => clearTimeout(timer);
    }
    return whenNear(target, NEAR_VIEWPORT, register);
  }, [register, when, element]);
}

/** Renders the custom element with the props as attributes, and registers the element in the browser. */
function useElement(
  tag: Tag,
  register: Register,
  props: ElementProps,
  when: LoadWhen = 'hydrated',
): {
  rendered: ReactElement;
  element: RefObject<ElementWithMethods | null>;
} {
  const element = useRef<ElementWithMethods | null>(null);
  useRegister(register, when, element);
  const attributes = { ref: element, className: props.className, id: props.id, ...toElementAttributes(props) };
  return { rendered: createElement(tag, attributes, props.children), element };
}

export function useButtonElement(
  tag: Tag,
  register: Register,
  props: ElementProps,
  ref: ForwardedRef<DocentElementHandle>,
): ReactElement {
  const { rendered, element } = useElement(tag, register, props);
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

/** `<docent-chat-button>`: the floating "Ask AI" launcher. */
export const ChatButton = forwardRef<DocentElementHandle, ChatButtonProps>(function ChatButton(props, ref) {
  return useButtonElement('docent-chat-button', registerChatButton, props, ref);
});

/** `<docent-chat>`: the chat panel inline in the page. */
export function Chat(props: ChatProps): ReactElement {
  return useElement('docent-chat', registerChat, props).rendered;
}

/**
 * `<docent-feedback>`: "Was this page helpful?" with thumbs up and down and an optional comment; with `rating`, one
 * thumb for inline use. The children replace the heading (or name the single thumb). Its code loads when it comes
 * within a screen of the viewport: at the foot of a long page, not while the page starts.
 */
export function PageFeedback(props: PageFeedbackProps): ReactElement {
  return useElement('docent-feedback', registerFeedback, props, 'near').rendered;
}
