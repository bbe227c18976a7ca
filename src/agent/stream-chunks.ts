import { preview } from "../util/text.js";
import { ProviderError } from "../calls/common.js";
import { readingChunk } from "./chat-output.js";
import { readServerSentEvents } from "./sse.js";

// What a streamed `chat` output is read with, carried by `readStreams` alone (see chat-output.ts for the rest).

/**
 * The chunks of an SDK's stream, a binary stream's events or a JSON list, each checked (`checked` throws the
 * provider's error); a chunk whose reading throws is a `ProviderError` naming it; stops when `signal` aborts.
 *
 * @example
 * for await (const chunk of checkedChunks(sdkStream, "openai", (c) => c, signal)) reader.push(chunk);
 */
export async function* checkedChunks(
  source: AsyncIterable<unknown> | Iterable<unknown>,
  provider: string,
  checked: (chunk: unknown) => unknown,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  let index = 0;
  for await (const chunk of abortable(source, signal)) yield readingChunk(provider, ++index, () => checked(chunk));
}

/**
 * Server-sent events as chunk objects: each `data` parsed as JSON and checked; OpenAI's `[DONE]` ends the stream.
 *
 * @example
 * for await (const chunk of eventChunks(response.body, "openai", (c) => c, signal)) reader.push(chunk);
 */
export async function* eventChunks(
  body: ReadableStream<Uint8Array>,
  provider: string,
  checked: (chunk: unknown, event?: string) => unknown,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  for await (const { event, data } of readServerSentEvents(body, signal)) {
    if (data === "[DONE]") return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new ProviderError(
        `${provider} sent a stream event that is not JSON${event ? ` (event ${event})` : ""}: ${preview(data, 300)}`,
        undefined,
        data,
      );
    }
    yield checked(chunk, event);
  }
}

/**
 * Iterates, and stops with the signal's reason as soon as it aborts, whether or not the source listens. Each read
 * is one promise that settles with it (rejected by the listener when the signal aborts first): racing every read
 * against one promise that never settles kept a reaction on it per chunk until the stream ended.
 */
async function* abortable(
  source: AsyncIterable<unknown> | Iterable<unknown>,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  if (!signal) {
    yield* source;
    return;
  }
  signal.throwIfAborted();
  const iterator =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<unknown>)[Symbol.asyncIterator]()
      : (source as Iterable<unknown>)[Symbol.iterator]();
  let stopRead: ((reason: unknown) => void) | undefined;
  const onAbort = () => stopRead?.(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  let done = false;
  try {
    for (;;) {
      const next = await new Promise<IteratorResult<unknown>>((resolve, reject) => {
        stopRead = reject;
        Promise.resolve(iterator.next()).then(resolve, reject);
      });
      stopRead = undefined;
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
      signal.throwIfAborted();
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    // Stopped early: let the source close its connection (an SDK stream aborts its request on return()).
    if (!done) void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}
