import { ProviderError } from "../calls/common.js";

/**
 * The most characters one server-sent event may hold (its data lines and the line being read): 16 Mi, as an AWS event
 * stream frame.
 */
const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/**
 * One server-sent event: its `event:` name (when given) and its `data:` lines joined by newlines.
 *
 * @example
 * { event: "content_block_delta", data: '{"type":"content_block_delta",...}' }
 */
export interface ServerSentEvent {
  readonly event: string | undefined;
  readonly data: string;
}

/**
 * Reads server-sent events from a byte stream (a `fetch` response's `body`), as the HTML standard defines
 * them: `event:` and `data:` fields, events ended by a blank line, `:` comments and other fields ignored,
 * CR, LF and CRLF line ends. An event longer than 16 Mi characters (a line that never ends) is a `ProviderError`.
 * Linear in the stream's length, however the bytes are cut: a line that arrives
 * in many pieces is joined once, when its end arrives.
 *
 * @example
 * const response = await fetch(url, { method: "POST", body });
 * for await (const { event, data } of readServerSentEvents(response.body!)) console.log(event, JSON.parse(data));
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: ServerSentEvent[] = [];
  const parser = eventParser(ready);
  let finished = false;
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      for (const item of ready.splice(0)) yield item;
    }
    parser.feed(decoder.decode());
    parser.end();
    finished = true;
    for (const item of ready.splice(0)) yield item;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // Left early (an error, the consumer stopped reading): the rest of the response is not wanted.
    if (!finished) await reader.cancel().catch(() => {});
    try {
      reader.releaseLock();
    } catch {
      // a runtime that refuses while a read is pending: the stream is cancelled anyway
    }
  }
}

// The lines of a stream's text as it arrives, read into events pushed onto `ready`; `end` ends the last line and event.
function eventParser(ready: ServerSentEvent[]): { feed(text: string): void; end(): void } {
  const line: string[] = []; // pieces of the line not yet ended
  let afterCR = false; // the last piece ended in CR: a LF opening the next one belongs to it
  let event: string | undefined;
  let data: string[] = [];
  let read = 0; // characters of the stream before the text being fed
  let held = 0; // characters of the event being read: its lines so far
  const endLine = (text: string): void => {
    if (text === "") {
      if (data.length) ready.push({ event, data: data.join("\n") });
      event = undefined;
      data = [];
      held = 0;
      return;
    }
    if (text.charCodeAt(0) === 58) return; // ":" a comment
    const colon = text.indexOf(":");
    const name = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (name === "data") data.push(value);
    else if (name === "event") event = value;
  };
  // Keeps a piece of a line not yet ended, refusing an event that grows past MAX_EVENT_CHARS.
  const keep = (piece: string, at: number): void => {
    line.push(piece);
    held += piece.length;
    if (held > MAX_EVENT_CHARS)
      throw new ProviderError(
        `A server-sent event is longer than ${MAX_EVENT_CHARS} characters (at character ${at})`,
        undefined,
        undefined,
      );
  };
  const feed = (text: string): void => {
    let start = 0;
    if (afterCR && text.charCodeAt(0) === 10) start = 1;
    afterCR = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      keep(text.slice(start, i), read + i);
      endLine(line.length === 1 ? line[0]! : line.join(""));
      line.length = 0;
      if (c === 13) {
        if (i + 1 === text.length) afterCR = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    if (start < text.length) keep(text.slice(start), read + text.length);
    read += text.length;
  };
  const end = (): void => {
    if (line.length) endLine(line.join(""));
    line.length = 0;
    endLine(""); // a stream may end without the blank line after its last event
  };
  return { feed, end };
}
