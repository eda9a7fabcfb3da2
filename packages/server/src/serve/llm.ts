/**
 * Answers written by a language model behind any OpenAI-compatible Chat Completions endpoint
 * (`DOCENT_LLM_BASE_URL`, `DOCENT_LLM_API_KEY`, `DOCENT_LLM_MODEL`). The model sees only the retrieved sections,
 * numbered, and must end every sentence with the number of its section; those numbers are the citations.
 */
import type { Section } from '@docent/engine';
import type { CustomPrompt } from '../projects/types.js';

export interface LlmConfig {
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; empty for local servers that check no key. */
  apiKey: string;
  model: string;
  /** How long to wait for the first piece of the answer, and then between pieces. */
  timeoutMs: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

/**
 * The model settings from the environment, or null for extractive answers. The base URL and the model go
 * together; the key is optional (local servers such as Ollama check none), but a key alone is an error.
 */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig | null {
  const names = ['DOCENT_LLM_BASE_URL', 'DOCENT_LLM_MODEL'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) {
    if (env.DOCENT_LLM_API_KEY) throw new Error('DOCENT_LLM_API_KEY is set but DOCENT_LLM_BASE_URL and DOCENT_LLM_MODEL are not: set both, or unset the key for extractive answers');
    return null;
  }
  if (set.length < names.length) {
    const missing = names.filter((name) => !env[name]);
    throw new Error(`set ${missing.join(' and ')} too, or unset ${set.join(' and ')} for extractive answers`);
  }
  const timeout = Number(env.DOCENT_LLM_TIMEOUT_MS ?? DEFAULT_LLM_TIMEOUT_MS);
  return {
    baseUrl: (env.DOCENT_LLM_BASE_URL ?? '').replace(/\/+$/, ''),
    apiKey: env.DOCENT_LLM_API_KEY ?? '',
    model: env.DOCENT_LLM_MODEL ?? '',
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_LLM_TIMEOUT_MS,
  };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const INSTRUCTIONS = [
  'You answer questions about a product from its documentation, using only the numbered sections below.',
  'End every sentence with the number of the section it comes from in square brackets, such as [2].',
  'If the sections do not answer the question, say that the documentation does not cover it, and cite nothing.',
  'Answer in Markdown, briefly, in the language of the question. Never invent links, options or commands.',
].join(' ');

/** Earlier turns as text, for a template's `{{history}}`. */
function historyText(history: readonly { question: string; answer: string }[]): string {
  return history.length ? history.map((turn) => `Question: ${turn.question}\nAnswer: ${turn.answer}`).join('\n\n') : '(none)';
}

/**
 * The messages for one question: the rules (with the project's instructions after Docent's), the earlier turns,
 * then the numbered sections and the question. A project's template replaces all of it with one message.
 */
export function chatMessages(question: string, sections: readonly Section[], history: readonly { question: string; answer: string }[], customPrompt?: CustomPrompt): ChatMessage[] {
  const context = sections
    .map((section, position) => `[${position + 1}] ${section.breadcrumb.join(' › ')}\n${section.text}`)
    .join('\n\n');
  if (customPrompt?.kind === 'template') {
    // One pass, so text inside the sections or the question is never taken for a placeholder.
    const values: Record<string, string> = { context, question, history: historyText(history) };
    return [{ role: 'user', content: customPrompt.text.replace(/\{\{(context|question|history)\}\}/g, (_match, name: string) => values[name] ?? '') }];
  }
  const rules = customPrompt ? `${INSTRUCTIONS}\n\n${customPrompt.text}` : INSTRUCTIONS;
  return [
    { role: 'system', content: rules },
    ...history.flatMap((turn): ChatMessage[] => [
      { role: 'user', content: turn.question },
      { role: 'assistant', content: turn.answer },
    ]),
    { role: 'user', content: `Sections:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/**
 * Streams the model's answer, piece by piece. Throws when the endpoint fails, answers something other than a
 * stream, or is silent for longer than the timeout; `signal` stops it (the client went away).
 */
export async function* streamAnswer(config: LlmConfig, messages: ChatMessage[], signal: AbortSignal): AsyncGenerator<string> {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  let timer = setTimeout(abort, config.timeoutMs);
  const quiet = (): void => {
    clearTimeout(timer);
    timer = setTimeout(abort, config.timeoutMs);
  };
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages, stream: true, temperature: 0 }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`the model endpoint answered ${response.status}`);
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      quiet();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const piece = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
        if (piece) yield piece;
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    if (controller.signal.aborted) throw new Error(`the model did not answer within ${config.timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}
