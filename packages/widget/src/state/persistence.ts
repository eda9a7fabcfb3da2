/**
 * What the assistant remembers between visits, under `docent:<project>:` keys. Recent searches, the conversation
 * and the consent follow `store-history` (memory only when false); the "Search only" choice is always remembered.
 */
import { createStorage, type DocentStorage, type KeyValueStore } from '../storage.js';
import type { AssistantMessage, Message } from './types.js';

const KEYS = {
  recent: 'recent-searches',
  conversation: 'conversation',
  consent: 'consent',
  searchOnly: 'search-only',
} as const;

export interface Remembered {
  recentSearches: readonly string[];
  conversation: readonly Message[];
  consentAccepted: boolean;
  searchOnly: boolean;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isOptionalString = (value: unknown): boolean => value === undefined || isString(value);

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

function isAnswerLike(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.answered === 'boolean' &&
    isString(value.markdown) &&
    Array.isArray(value.citations) &&
    value.citations.every((citation) => isObject(citation) && typeof citation.number === 'number' && isString(citation.url) && isString(citation.title)) &&
    Array.isArray(value.closest) &&
    value.closest.every((page) => isObject(page) && isString(page.url) && isString(page.title))
  );
}

function isMessage(value: unknown): value is Message {
  if (!isObject(value) || !isString(value.id)) return false;
  if (value.role === 'user') return isString(value.text);
  if (value.role !== 'assistant' || !isString(value.question)) return false;
  if (!isOptionalString(value.messageId) || !isOptionalString(value.conversationId)) return false;
  if (value.status === 'done') return isAnswerLike(value.answer);
  return value.status === 'error';
}

function isConversation(value: unknown): value is Message[] {
  return Array.isArray(value) && value.every(isMessage);
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

/** A short, stable fingerprint of the consent text: a changed text asks for consent again. */
export function fingerprint(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = ((hash * 33) ^ text.charCodeAt(index)) >>> 0;
  return hash.toString(36);
}

const isSettled = (message: AssistantMessage): boolean => message.status === 'done' || message.status === 'error';

export interface Memory {
  load(): Remembered;
  saveRecentSearches(recent: readonly string[]): void;
  saveConversation(conversation: readonly Message[]): void;
  saveConsent(): void;
  saveSearchOnly(searchOnly: boolean): void;
}

export function createMemory(
  project: string,
  storeHistory: boolean,
  consentText: string | undefined,
  backing?: KeyValueStore,
): Memory {
  const history: DocentStorage = createStorage(project, storeHistory, backing);
  const preferences: DocentStorage = createStorage(project, true, backing);
  const consentId = consentText === undefined ? undefined : fingerprint(consentText);

  return {
    load() {
      const stored = history.read(KEYS.consent, isString);
      return {
        recentSearches: history.read(KEYS.recent, isStringArray) ?? [],
        conversation: history.read(KEYS.conversation, isConversation) ?? [],
        consentAccepted: consentId === undefined || stored === consentId,
        searchOnly: preferences.read(KEYS.searchOnly, isBoolean) ?? false,
      };
    },
    saveRecentSearches(recent) {
      if (recent.length === 0) history.remove(KEYS.recent);
      else history.write(KEYS.recent, recent);
    },
    saveConversation(conversation) {
      // An answer still being composed or streamed is not worth keeping: a reload would show it pending forever.
      const settled = conversation.filter((message) => message.role === 'user' || isSettled(message));
      const complete = settled.filter((message, index) => message.role === 'assistant' || settled[index + 1]?.role === 'assistant');
      if (complete.length === 0) history.remove(KEYS.conversation);
      else history.write(KEYS.conversation, complete);
    },
    saveConsent() {
      if (consentId !== undefined) history.write(KEYS.consent, consentId);
    },
    saveSearchOnly(searchOnly) {
      preferences.write(KEYS.searchOnly, searchOnly);
    },
  };
}
