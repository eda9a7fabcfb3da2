import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ReaderFacingError } from '../src/data/errors.js';
import type { Answer, AskOptions, DataSource, Feedback } from '../src/data/types.js';
import { askQuestion, rateAnswer, type FlowContext } from '../src/dialog/askFlow.js';
import { initialState, reducer } from '../src/state/reducer.js';
import type { Action, AssistantMessage, AssistantState } from '../src/state/types.js';
import { STRINGS } from '../src/strings.js';

const CITATION = { number: 1, url: 'https://x.test/a#b:~:text=x', sectionUrl: 'https://x.test/a#b', title: 'Retries | Acme docs', breadcrumb: ['Retries | Acme docs'] };
const ANSWER: Answer = { answered: true, markdown: 'Five times. [1]', citations: [CITATION], closest: [] };

/** A data source whose answers stream the way the connected one reports them: start, pieces, then the answer. */
function streamingSource(pieces: readonly string[], outcome: Answer | Error = ANSWER): DataSource & { asked: AskOptions[]; feedback: Feedback[] } {
  const asked: AskOptions[] = [];
  const feedback: Feedback[] = [];
  return {
    asked,
    feedback,
    prepare: async () => undefined,
    search: async () => [],
    async ask(_question, options = {}) {
      asked.push(options);
      options.onStart?.({ conversationId: 'conv_1', messageId: 'msg_1', citations: [CITATION] });
      for (const piece of pieces) {
        await new Promise((resolve) => setImmediate(resolve));
        options.onDelta?.(piece);
      }
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    async sendFeedback(item) {
      feedback.push(item);
      return 'fb_1';
    },
  };
}

interface Recorder {
  readonly context: FlowContext;
  readonly states: AssistantState[];
  readonly announcements: string[];
  readonly events: Array<{ name: string; detail: unknown }>;
  state(): AssistantState;
}

function record(source: DataSource, cleanTitles = false): Recorder {
  let state = initialState({ view: 'ask' });
  const states: AssistantState[] = [];
  const announcements: string[] = [];
  const events: Array<{ name: string; detail: unknown }> = [];
  const dispatch = (action: Action): void => {
    state = reducer(state, action);
    states.push(state);
  };
  return {
    states,
    announcements,
    events,
    state: () => state,
    context: {
      source,
      dispatch,
      announce: (message) => void announcements.push(message),
      host: { dispatch: ((name: string, detail: unknown) => void events.push({ name, detail })) as FlowContext['host']['dispatch'] },
      cleanTitles,
    },
  };
}

const assistant = (state: AssistantState): AssistantMessage => state.conversation.find((message): message is AssistantMessage => message.role === 'assistant')!;

describe('asking a question', () => {
  test('the text grows piece by piece, then the answer settles; "ready" is announced once, at the end', async () => {
    const source = streamingSource(['Five ', 'times. ', '[1]']);
    const recorder = record(source, true);
    await askQuestion(recorder.context, { id: 'm1', question: 'How often?', conversationId: 'conv_0' });
    const partials = recorder.states.map((state) => assistant(state)).filter((message) => message.status === 'streaming').map((message) => message.partial);
    assert.deepEqual(partials, ['Five ', 'Five times. ', 'Five times. [1]']);
    const streaming = recorder.states.map((state) => assistant(state)).find((message) => message.status === 'streaming');
    assert.equal(streaming?.partialCitations?.[0]?.title, 'Retries', 'clean-titles applies to the sources sent ahead too');
    const done = assistant(recorder.state());
    assert.equal(done.status, 'done');
    assert.equal(done.messageId, 'msg_1');
    assert.equal(done.conversationId, 'conv_1');
    assert.equal(done.answer?.citations[0]?.title, 'Retries');
    assert.deepEqual(recorder.announcements, [STRINGS.thinking, STRINGS.answerReady]);
    assert.deepEqual(recorder.events.map((event) => event.name), ['docent:question', 'docent:answer']);
    assert.equal(source.asked[0]?.conversationId, 'conv_0', 'the conversation to continue goes to the source');
  });

  test('a failure the server explained keeps its words for the reader and the live region', async () => {
    const recorder = record(streamingSource(['Five '], new ReaderFacingError('The language model stopped responding.', 502)));
    await askQuestion(recorder.context, { id: 'm1', question: 'How often?' });
    const failed = assistant(recorder.state());
    assert.equal(failed.status, 'error');
    assert.equal(failed.errorDetail, 'The language model stopped responding.');
    assert.equal(failed.partial, undefined);
    assert.deepEqual(recorder.announcements, [STRINGS.thinking, `${STRINGS.answerFailed} The language model stopped responding.`]);
  });

  test('any other failure shows only the generic message, as static mode always has', async () => {
    const recorder = record(streamingSource([], new Error('Could not load the search index /i.json: HTTP 404')));
    await askQuestion(recorder.context, { id: 'm1', question: 'How often?' });
    const failed = assistant(recorder.state());
    assert.equal(failed.error, 'Could not load the search index /i.json: HTTP 404');
    assert.equal(failed.errorDetail, undefined);
    assert.deepEqual(recorder.announcements, [STRINGS.thinking, STRINGS.answerFailed]);
  });

  test('an aborted answer (conversation cleared) is dropped without a word', async () => {
    const controller = new AbortController();
    const recorder = record(streamingSource(['Five '], new DOMException('aborted', 'AbortError')));
    const asking = askQuestion(recorder.context, { id: 'm1', question: 'How often?', signal: controller.signal });
    recorder.context.dispatch({ type: 'conversationCleared' });
    controller.abort();
    await asking;
    assert.deepEqual(recorder.state().conversation, []);
    assert.deepEqual(recorder.announcements, [STRINGS.thinking]);
  });
});

describe('rating an answer', () => {
  const answered = (messageId?: string): AssistantMessage => ({ id: 'm1', role: 'assistant', question: 'How often?', status: 'done', answer: ANSWER, ...(messageId ? { messageId } : {}) });

  test('connected mode: the thumb goes to the server under the message id, and docent:feedback fires as before', async () => {
    const source = streamingSource([]);
    const recorder = record(source);
    rateAnswer(recorder.context, answered('msg_1'), 'up', 'https://docs.acme.test/guide');
    assert.deepEqual(source.feedback, [{ target: { type: 'answer', messageId: 'msg_1', url: 'https://docs.acme.test/guide' }, rating: 'up' }]);
    assert.deepEqual(recorder.events, [{ name: 'docent:feedback', detail: { target: { type: 'answer', id: 'm1', question: 'How often?' }, rating: 'up' } }]);
    assert.deepEqual(recorder.announcements, [STRINGS.thanksForFeedback]);
    rateAnswer(recorder.context, { ...answered('msg_1'), rating: 'up' }, 'up');
    assert.equal(source.feedback.length, 1, 'pressing the same thumb again sends nothing');
  });

  test('static mode (no message id, no sendFeedback): only the event, exactly as before', () => {
    const { sendFeedback: _unused, ...staticLike } = streamingSource([]);
    const recorder = record(staticLike);
    rateAnswer(recorder.context, answered(), 'down');
    assert.deepEqual(recorder.events.map((event) => event.name), ['docent:feedback']);
    const connected = streamingSource([]);
    rateAnswer(record(connected).context, answered(), 'down');
    assert.deepEqual(connected.feedback, [], 'an answer without a server id (one from static mode) sends nothing');
  });

  test('a server that cannot record the thumb leaves it pressed and warns once in the console', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: unknown) => void warnings.push(String(message));
    try {
      const source: DataSource = { ...streamingSource([]), sendFeedback: async () => Promise.reject(new ReaderFacingError('The answer does not exist in this project.', 422)) };
      const recorder = record(source);
      recorder.context.dispatch({ type: 'questionAsked', id: 'm1', question: 'How often?' });
      recorder.context.dispatch({ type: 'answerReceived', id: 'm1', answer: ANSWER });
      rateAnswer(recorder.context, answered('msg_x'), 'down');
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(assistant(recorder.state()).rating, 'down');
      assert.deepEqual(warnings, ['Docent: the feedback could not be sent to the server: The answer does not exist in this project.']);
    } finally {
      console.warn = original;
    }
  });
});
