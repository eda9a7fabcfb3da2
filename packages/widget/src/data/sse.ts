/**
 * Server-sent events read from a `fetch()` body (an `EventSource` cannot POST a question). Follows the parsing
 * rules of the HTML standard: lines end with CRLF, LF or CR; a blank line dispatches the event; `data:` lines
 * join with a newline; lines starting with `:` are comments; one space after the colon is dropped; an event
 * cut off by the end of the stream is discarded. Chunks may split lines, line endings and UTF-8 characters.
 */

export interface SseEvent {
  /** The `event:` field; `message` when the event has none. */
  readonly event: string;
  readonly data: string;
  /** The last `id:` field seen so far in the stream, if any. */
  readonly id?: string;
}

export interface SseParser {
  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[];
  /** The stream ended: a CR held back (it might have been half of a CRLF) ends its line after all. */
  end(): SseEvent[];
}

const LINE_END = /\r\n|\r|\n/g;

export function createSseParser(): SseParser {
  let buffer = '';
  let started = false;
  let eventName = '';
  let data: string[] = [];
  let lastId: string | undefined;

  function dispatch(events: SseEvent[]): void {
    if (data.length > 0) events.push({ event: eventName || 'message', data: data.join('\n'), ...(lastId === undefined ? {} : { id: lastId }) });
    eventName = '';
    data = [];
  }

  function processLine(line: string, events: SseEvent[]): void {
    if (line === '') return dispatch(events);
    if (line.startsWith(':')) return; // a comment (servers send them to keep the connection open)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\u0000')) lastId = value;
    // `retry` and unknown fields do not matter to a fetch-based reader.
  }

  return {
    push(text) {
      buffer += text;
      if (!started && buffer !== '') {
        started = true;
        if (buffer.startsWith('\ufeff')) buffer = buffer.slice(1);
      }
      const events: SseEvent[] = [];
      let start = 0;
      LINE_END.lastIndex = 0;
      for (let match = LINE_END.exec(buffer); match; match = LINE_END.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        processLine(buffer.slice(start, match.index), events);
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
      return events;
    },
    end() {
      const events: SseEvent[] = [];
      if (buffer.endsWith('\r')) processLine(buffer.slice(0, -1), events);
      buffer = '';
      // Whatever is left is an event without its blank line: discarded.
      eventName = '';
      data = [];
      return events;
    },
  };
}

/**
 * The events of a response body, as they arrive. Ends when the body ends; throws what the body's reader
 * throws (an `AbortError` when the request's signal aborts, a `TypeError` when the connection drops).
 * `onChunk` hears every chunk, comments (keep-alives) included: proof that the server is still there.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    // Stops the download when the reader of the events stops early (the answer is complete, or it failed).
    reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
