import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createSseParser, readSse, type SseEvent } from '../src/data/sse.js';

const STREAM =
  'event: sources\ndata: {"citations":[]}\n\n' +
  ': keep-alive\n\n' +
  'event: delta\ndata: {"text":"Retries happen "}\n\n' +
  'event: delta\ndata: {"text":"five times [1]."}\n\n' +
  'event: done\ndata: {"answer":"Retries happen five times [1]."}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'sources', data: '{"citations":[]}' },
  { event: 'delta', data: '{"text":"Retries happen "}' },
  { event: 'delta', data: '{"text":"five times [1]."}' },
  { event: 'done', data: '{"answer":"Retries happen five times [1]."}' },
];

function parseChunks(chunks: readonly string[]): SseEvent[] {
  const parser = createSseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSse(body)) events.push(event);
  return events;
}

describe('SSE parser', () => {
  test('reads event and data fields; a blank line ends each event; comments are skipped', () => {
    assert.deepEqual(parseChunks([STREAM]), EXPECTED);
  });

  test('gives the same events wherever the chunks split the text, one character at a time included', () => {
    for (let cut = 0; cut <= STREAM.length; cut += 1) {
      assert.deepEqual(parseChunks([STREAM.slice(0, cut), STREAM.slice(cut)]), EXPECTED, `split at ${cut}`);
    }
    for (let cut = 0; cut < STREAM.length; cut += 7) {
      assert.deepEqual(parseChunks([STREAM.slice(0, cut), STREAM.slice(cut, cut + 3), STREAM.slice(cut + 3)]), EXPECTED, `three pieces at ${cut}`);
    }
    assert.deepEqual(parseChunks([...STREAM]), EXPECTED);
  });

  test('joins several data lines with a newline', () => {
    assert.deepEqual(parseChunks(['data: first line\ndata: second line\ndata:\ndata:  indented\n\n']), [
      { event: 'message', data: 'first line\nsecond line\n\n indented' },
    ]);
  });

  test('accepts CRLF and CR line ends, even with a CRLF split across two chunks', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    const cr = STREAM.replace(/\n/g, '\r');
    assert.deepEqual(parseChunks([crlf]), EXPECTED);
    assert.deepEqual(parseChunks([cr]), EXPECTED);
    for (let cut = 0; cut <= crlf.length; cut += 1) assert.deepEqual(parseChunks([crlf.slice(0, cut), crlf.slice(cut)]), EXPECTED, `CRLF split at ${cut}`);
    for (let cut = 0; cut <= cr.length; cut += 1) assert.deepEqual(parseChunks([cr.slice(0, cut), cr.slice(cut)]), EXPECTED, `CR split at ${cut}`);
  });

  test('drops one space after the colon, keeps the rest; a field without a colon has an empty value', () => {
    assert.deepEqual(parseChunks(['event:delta\ndata:no space\n\n', 'event\ndata\n\n', 'data:   three spaces\n\n']), [
      { event: 'delta', data: 'no space' },
      { event: 'message', data: '' },
      { event: 'message', data: '  three spaces' },
    ]);
  });

  test('an event without data is not dispatched, and its name does not leak into the next event', () => {
    assert.deepEqual(parseChunks(['event: ping\n\n', 'data: x\n\n']), [{ event: 'message', data: 'x' }]);
  });

  test('ignores a byte order mark, retry and unknown fields; remembers the last id', () => {
    assert.deepEqual(parseChunks(['\ufeffretry: 1000\nfoo: bar\nid: 7\nevent: delta\ndata: a\n\n', 'data: b\n\n']), [
      { event: 'delta', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });

  test('an event cut off by the end of the stream is discarded', async () => {
    const encoder = new TextEncoder();
    const events = await collect(streamOf([encoder.encode('event: delta\ndata: complete\n\nevent: done\ndata: {"cut":')]));
    assert.deepEqual(events, [{ event: 'delta', data: 'complete' }]);
  });

  test('reads a byte stream with UTF-8 characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Café – naïve ✓ 🚀"}\n\n');
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const events = await collect(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
      assert.deepEqual(events, [{ event: 'delta', data: '{"text":"Café – naïve ✓ 🚀"}' }], `split at byte ${cut}`);
    }
  });

  test('stopping early cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: tick\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSse(body)) {
      assert.equal(event.data, 'tick');
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(cancelled);
  });
});
