import { preview } from "../util/text.js";
import type { ReadStreams } from "./read-streams.js";
import type { ProviderAdapter } from "../calls/types.js";
import { errorMessage, ProviderError } from "../calls/common.js";
import { text as textOf } from "../calls/assemble.js";

export { ProviderError } from "../calls/common.js";

/** What reading a provider's output needs of its adapter. */
type Reading = Pick<ProviderAdapter, "name" | "errorOf" | "http">;

/**
 * What a `chat` function gave: a whole response, or the chunks of a streamed one.
 *
 * @example
 * const output = await readChatOutput(response, openai, undefined); if ("whole" in output) use(output.whole);
 */
export type ChatOutput = { readonly whole: unknown } | { readonly chunks: AsyncIterable<unknown> };

interface ResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText?: string;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function isResponse(value: unknown): value is ResponseLike {
  return (
    isObject(value) &&
    typeof value.ok === "boolean" &&
    typeof value.status === "number" &&
    isObject(value.headers) &&
    typeof (value.headers as { get?: unknown }).get === "function" &&
    "body" in value
  );
}

function isByteStream(value: unknown): value is ReadableStream<Uint8Array> {
  return isObject(value) && typeof (value as { getReader?: unknown }).getReader === "function";
}

/**
 * Reads what a `chat` function returned, awaited: a `fetch` `Response` (server-sent events are read as they
 * arrive, a binary stream by the adapter's `http.events`; JSON is a whole response, or a list of chunks), a byte
 * stream of server-sent events, an SDK's stream (any async iterable of chunk objects, or an output holding one
 * under `stream`, as Bedrock's `ConverseStream` answers), or a whole response object. An error the provider sent
 * (`adapter.errorOf`) is thrown as a `ProviderError`. A stream is read by `reading` (`readStreams`): without it, a
 * `TypeError` naming it.
 *
 * @example
 * const output = await readChatOutput(await fetch(url, init), openai, readStreams, signal);
 * if ("chunks" in output) for await (const chunk of output.chunks) reader.push(chunk);
 */
export async function readChatOutput(
  value: unknown,
  adapter: Reading,
  reading: ReadStreams | undefined,
  signal?: AbortSignal,
): Promise<ChatOutput> {
  const provider = adapter.name;
  const streams = (): ReadStreams => {
    if (reading) return reading;
    throw new TypeError(
      'runTools: chat returned a stream; to read it, pass readStreams (import { readStreams } from "tooltype/agent"; runTools({ ..., readStreams })), or use streamTools',
    );
  };
  const checked = (chunk: unknown, event?: string): unknown => {
    const message = (adapter.errorOf ?? errorMessage)(chunk, event);
    if (message === undefined) return chunk;
    throw new ProviderError(`${provider} sent an error: ${message}`, undefined, chunk);
  };
  if (isResponse(value)) {
    if (!value.ok) {
      const text = await errorText(value).catch(() => "");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text is the body
      }
      const said = (adapter.errorOf ?? errorMessage)(body);
      throw new ProviderError(
        `${provider} answered ${value.status}${value.statusText ? ` ${value.statusText}` : ""}: ${said ?? preview(text, 500)}`,
        value.status,
        body,
      );
    }
    const type = value.headers.get("content-type") ?? "";
    if (type.includes("event-stream") && value.body)
      return { chunks: streams().events(value.body, provider, checked, signal) };
    const events = adapter.http?.events;
    // A binary stream, or JSON lines (Ollama's `application/x-ndjson`), which are not one JSON body.
    if (events && value.body && (!type.includes("json") || type.includes("ndjson")))
      return { chunks: streams().chunks(events(value.body, signal), provider, checked, signal) };
    const text = await value.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderError(
        `${provider} answered with a body that is neither JSON nor server-sent events: ${preview(text, 300)}`,
        value.status,
        text,
      );
    }
    return Array.isArray(parsed)
      ? { chunks: streams().chunks(parsed, provider, checked, signal) }
      : { whole: checked(parsed) };
  }
  if (isByteStream(value)) return { chunks: streams().events(value, provider, checked, signal) };
  const iterable = isIterable(value) ? value : isObject(value) && isIterable(value.stream) ? value.stream : undefined;
  if (iterable) return { chunks: streams().chunks(iterable, provider, checked, signal) };
  return { whole: value };
}

/**
 * `read()` of a provider's `index`th stream chunk (from 1): what it throws other than a `ProviderError` (a field
 * whose getter throws, a Proxy, in an SDK's chunk object) becomes a `ProviderError` naming the chunk.
 *
 * @example
 * readingChunk("openai", 3, () => reader.push(chunk));
 */
export function readingChunk<T>(provider: string, index: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(
      `${provider} stream chunk ${index} could not be read: ${textOf(error)}`,
      undefined,
      undefined,
    );
  }
}

/**
 * The most of an error response's body read: enough for any provider's error, and a body that never ends stops here.
 */
const MAX_ERROR_BODY = 64 * 1024;

/** An error response's body as text, read until it passes `MAX_ERROR_BODY` characters (the rest is cancelled). */
async function errorText(response: ResponseLike): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < MAX_ERROR_BODY) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  void reader.cancel().catch(() => {});
  return text;
}

const isIterable = (value: unknown): value is AsyncIterable<unknown> =>
  isObject(value) && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";
