// The AWS event stream encoding (`application/vnd.amazon.eventstream`), read as Bedrock's ConverseStream sends it.
// A frame is [total length u32][headers length u32][prelude CRC-32][headers][payload][message CRC-32], big-endian;
// the prelude checksum covers the first 8 bytes, the message checksum every byte before it.
import { ProviderError } from "../../calls/common.js";
import { preview } from "../../util/text.js";

/**
 * The most bytes one frame may declare: 16 MiB, the size AWS gives as the event stream's limit for a message.
 * A longer length is refused before anything is allocated.
 *
 * @example
 * MAX_FRAME_BYTES; // 16777216
 */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/** The most bytes of headers one frame may declare (AWS: 128 KiB). */
const MAX_HEADER_BYTES = 128 * 1024;
const PRELUDE_BYTES = 12;
const CHECKSUM_BYTES = 4;
const SMALLEST_FRAME = PRELUDE_BYTES + CHECKSUM_BYTES;

/**
 * A header's value, by its wire type: 0/1 boolean, 2 byte, 3 short, 4 integer (numbers), 5 long (bigint),
 * 6 bytes, 7 string, 8 timestamp (Date), 9 uuid (its 8-4-4-4-12 hex text).
 *
 * @example
 * message.headers.get(":event-type"); // "contentBlockDelta"
 */
export type EventStreamHeaderValue = boolean | number | bigint | Uint8Array | string | Date;

/**
 * One decoded frame: its headers, its payload (a view of the bytes read, valid until the next chunk), and where
 * it was in the stream (for messages).
 *
 * @example
 * { headers: Map { ":message-type" => "event", ":event-type" => "messageStop" }, payload, index: 5, offset: 731 }
 */
export interface EventStreamMessage {
  readonly headers: ReadonlyMap<string, EventStreamHeaderValue>;
  readonly payload: Uint8Array;
  /** The frame's position, counted from 0. */
  readonly index: number;
  /** The byte of the stream where the frame starts. */
  readonly offset: number;
}

let crcTable: Int32Array | undefined;

/** The CRC-32 lookup table (IEEE polynomial, reflected), built on first use. */
function table(): Int32Array {
  if (crcTable) return crcTable;
  crcTable = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crcTable[n] = c;
  }
  return crcTable;
}

/**
 * The CRC-32 (IEEE 802.3, as zlib computes it) of `bytes[start..end)`.
 *
 * @example
 * crc32(new TextEncoder().encode("123456789")); // 0xcbf43926
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const lookup = table();
  let c = -1;
  for (let i = start; i < end; i++) c = lookup[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const readU32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

const hex = (n: number): string => `0x${n.toString(16).padStart(8, "0")}`;

function malformed(index: number, offset: number, problem: string): ProviderError {
  return new ProviderError(
    `The event stream is malformed: frame ${index} (at byte ${offset}) ${problem}`,
    undefined,
    undefined,
  );
}

/**
 * Cuts a byte stream into event stream frames, however the bytes arrive: a frame inside one chunk is read
 * where it lies; a frame spanning chunks is copied once into a buffer of its declared size. Checks both
 * checksums and every length before trusting it.
 *
 * @internal The framing layer under `readEventStream`; tests drive it directly.
 * @example
 * const decoder = new EventStreamDecoder();
 * for (const message of decoder.push(chunk)) use(message);
 * decoder.end(); // throws when the stream stopped inside a frame
 */
export class EventStreamDecoder {
  /** Bytes copied out of the chunks (frames that span chunks): the work is linear when this stays under the input. */
  copied = 0;
  private offset = 0; // where the current frame starts in the stream
  private index = 0; // the current frame's position
  private readonly prelude = new Uint8Array(PRELUDE_BYTES);
  private preludeFilled = 0;
  private frame: Uint8Array | undefined; // a frame spanning chunks, being filled
  private filled = 0;
  private readonly text = new TextDecoder();

  /** The frames that `chunk` completes, in order. */
  *push(chunk: Uint8Array): Generator<EventStreamMessage> {
    let at = 0;
    while (at < chunk.length) {
      if (this.frame) {
        const n = Math.min(this.frame.length - this.filled, chunk.length - at);
        this.frame.set(chunk.subarray(at, at + n), this.filled);
        this.copied += n;
        this.filled += n;
        at += n;
        if (this.filled < this.frame.length) continue;
        const whole = this.frame;
        this.frame = undefined;
        yield this.decode(whole);
      } else if (this.preludeFilled === 0 && chunk.length - at >= PRELUDE_BYTES) {
        const total = this.checkPrelude(chunk, at);
        if (chunk.length - at >= total) {
          yield this.decode(chunk.subarray(at, at + total));
          at += total;
        } else {
          this.frame = new Uint8Array(total);
          this.filled = 0;
        }
      } else {
        const n = Math.min(PRELUDE_BYTES - this.preludeFilled, chunk.length - at);
        this.prelude.set(chunk.subarray(at, at + n), this.preludeFilled);
        this.copied += n;
        this.preludeFilled += n;
        at += n;
        if (this.preludeFilled < PRELUDE_BYTES) continue;
        this.frame = new Uint8Array(this.checkPrelude(this.prelude, 0));
        this.frame.set(this.prelude);
        this.filled = PRELUDE_BYTES;
        this.preludeFilled = 0;
      }
    }
  }

  /** The stream ended: throws when it ended inside a frame. */
  end(): void {
    const have = this.frame ? this.filled : this.preludeFilled;
    if (!have) return;
    const of = this.frame ? `its ${this.frame.length} bytes` : `the ${PRELUDE_BYTES} bytes of its prelude`;
    throw new ProviderError(
      `The event stream ended inside a frame: frame ${this.index} (at byte ${this.offset}) has ${have} of ${of}`,
      undefined,
      undefined,
    );
  }

  /** The frame's declared length, once the prelude's checksum and lengths are found sound. */
  private checkPrelude(bytes: Uint8Array, at: number): number {
    const total = readU32(bytes, at);
    const headers = readU32(bytes, at + 4);
    const expected = readU32(bytes, at + 8);
    const actual = crc32(bytes, at, at + 8);
    const fail = (problem: string) => malformed(this.index, this.offset, problem);
    if (expected !== actual)
      throw fail(`has a prelude checksum of ${hex(expected)}, but its first 8 bytes give ${hex(actual)}`);
    if (total < SMALLEST_FRAME)
      throw fail(`declares ${total} bytes, fewer than the ${SMALLEST_FRAME} of a prelude and a checksum`);
    if (total > MAX_FRAME_BYTES)
      throw fail(`declares ${total} bytes, more than the ${MAX_FRAME_BYTES} (16 MiB) a frame may hold`);
    if (headers > Math.min(total - SMALLEST_FRAME, MAX_HEADER_BYTES))
      throw fail(
        `declares ${headers} bytes of headers, more than its ${total} bytes leave or the ${MAX_HEADER_BYTES} allowed`,
      );
    return total;
  }

  /** A whole frame (prelude checked) as a message. */
  private decode(frame: Uint8Array): EventStreamMessage {
    const index = this.index;
    const offset = this.offset;
    const end = frame.length - CHECKSUM_BYTES;
    const expected = readU32(frame, end);
    const actual = crc32(frame, 0, end);
    if (expected !== actual)
      throw malformed(index, offset, `has a message checksum of ${hex(expected)}, but its bytes give ${hex(actual)}`);
    const headersEnd = PRELUDE_BYTES + readU32(frame, 4);
    const headers = readHeaders(frame, headersEnd, this.text, (problem) => malformed(index, offset, problem));
    this.index++;
    this.offset += frame.length;
    return { headers, payload: frame.subarray(headersEnd, end), index, offset };
  }
}

/** A frame's headers, from byte 12 to `end`: [name length u8][name][type u8][value]; a name given twice is refused. */
function readHeaders(
  frame: Uint8Array,
  end: number,
  text: TextDecoder,
  fail: (problem: string) => ProviderError,
): Map<string, EventStreamHeaderValue> {
  const headers = new Map<string, EventStreamHeaderValue>();
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  let at = PRELUDE_BYTES;
  const take = (size: number, what: string): number => {
    if (at + size > end) throw fail(`has a header ${what} that runs past the end of its headers (byte ${end})`);
    const start = at;
    at += size;
    return start;
  };
  while (at < end) {
    const nameLength = frame[take(1, "name length")]!;
    const name = text.decode(frame.subarray(take(nameLength, "name"), at));
    if (headers.has(name)) throw fail(`has the header "${name}" twice`); // which one would it mean?
    const type = frame[take(1, `"${name}" type`)]!;
    const what = `"${name}" value`;
    let value: EventStreamHeaderValue;
    if (type === 0 || type === 1) value = type === 0;
    else if (type === 2) value = view.getInt8(take(1, what));
    else if (type === 3) value = view.getInt16(take(2, what));
    else if (type === 4) value = view.getInt32(take(4, what));
    else if (type === 5) value = view.getBigInt64(take(8, what));
    else if (type === 6 || type === 7) {
      const size = view.getUint16(take(2, `"${name}" length`));
      const bytes = frame.subarray(take(size, what), at);
      value = type === 6 ? bytes.slice() : text.decode(bytes);
    } else if (type === 8) value = new Date(Number(view.getBigInt64(take(8, what))));
    else if (type === 9) value = uuidText(frame.subarray(take(16, what), at));
    else throw fail(`has a header "${name}" of type ${type}; the types are 0 to 9`);
    headers.set(name, value);
  }
  return headers;
}

function uuidText(bytes: Uint8Array): string {
  const digits = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
}

/**
 * Reads an AWS event stream (`application/vnd.amazon.eventstream`, Bedrock's ConverseStream answer) as the
 * events the AWS SDK's `response.stream` yields: each `:message-type: event` frame as
 * `{ [":event-type"]: JSON payload }` (`{ messageStart }`, `{ contentBlockDelta }`, ..., `{ metadata }`). An
 * `exception` or `error` frame throws a `ProviderError` naming its type and message. Checks both CRC-32s
 * of every frame; refuses a frame that declares more than `MAX_FRAME_BYTES` (16 MiB), a header named twice in a
 * frame, a stream that ends inside a frame, a payload that is not JSON. Linear in the bytes, however they are cut. The
 * signal stops
 * the reading and cancels the body. Payloads are kept as sent: Bedrock's `p` padding member (which some SDK
 * versions keep and others drop) stays, and an event type the SDK does not know is yielded like the others.
 *
 * @example
 * const response = await fetch(`${base}/model/${encodeURIComponent(modelId)}/converse-stream`, init);
 * for await (const event of readEventStream(response.body!, signal)) console.log(event);
 * // { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Hi" } } }
 */
export function readEventStream(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  return readEventStreamWith(new EventStreamDecoder(), body, signal);
}

/**
 * `readEventStream` with the decoder given (tests read its work counter).
 *
 * @internal
 * @example
 * const decoder = new EventStreamDecoder();
 * for await (const event of readEventStreamWith(decoder, body)) use(event);
 * decoder.copied; // bytes copied
 */
export async function* readEventStreamWith(
  decoder: EventStreamDecoder,
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  const text = new TextDecoder();
  for await (const chunk of chunksOf(body, signal)) {
    for (const message of decoder.push(chunk)) {
      signal?.throwIfAborted();
      yield eventOf(message, text);
    }
  }
  decoder.end();
}

/** A frame's event object, or the exception it carries thrown. */
function eventOf(message: EventStreamMessage, text: TextDecoder): unknown {
  const type = message.headers.get(":message-type");
  const where = `frame ${message.index} (at byte ${message.offset})`;
  if (type === "event") {
    const name = message.headers.get(":event-type");
    if (typeof name !== "string" || !name)
      throw new ProviderError(
        `The event stream's ${where} is an event without an :event-type header`,
        undefined,
        undefined,
      );
    return { [name]: payloadOf(message, text, `${where}, event ${name}`) };
  }
  if (type === "exception") {
    const name = message.headers.get(":exception-type");
    const payload = payloadOf(message, text, undefined);
    const reason = messageField(payload) ?? preview(payload, 300);
    throw new ProviderError(
      `The stream sent an exception, ${String(name ?? "of no type")}: ${reason}`,
      undefined,
      payload,
    );
  }
  if (type === "error") {
    const code = String(message.headers.get(":error-code") ?? "of no code");
    const reason = String(message.headers.get(":error-message") ?? "no message");
    throw new ProviderError(`The stream sent an error, ${code}: ${reason}`, undefined, { code, message: reason });
  }
  throw new ProviderError(
    `The event stream's ${where} has :message-type ${preview(type)}, not event, exception or error`,
    undefined,
    undefined,
  );
}

/** The payload as JSON (empty: `{}`, a structure with no members). `where` undefined: text when not JSON. */
function payloadOf(message: EventStreamMessage, text: TextDecoder, where: string | undefined): unknown {
  if (!message.payload.length) return {};
  const source = text.decode(message.payload);
  try {
    return JSON.parse(source);
  } catch {
    if (where === undefined) return source;
    throw new ProviderError(
      `The event stream's ${where} has a payload that is not JSON: ${preview(source, 300)}`,
      undefined,
      source,
    );
  }
}

function messageField(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return typeof payload === "string" ? payload : undefined;
  const { message, Message } = payload as { message?: unknown; Message?: unknown };
  return typeof message === "string" ? message : typeof Message === "string" ? Message : undefined;
}

/** The body's chunks as bytes; the signal rejects a pending read and cancels the body. */
async function* chunksOf(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const source = openSource(body);
  let stopRead: ((reason: unknown) => void) | undefined;
  const onAbort = () => stopRead?.(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  let finished = false;
  try {
    signal?.throwIfAborted();
    for (;;) {
      // One promise per read, settled by the read or by the abort: nothing waits on a promise that never settles.
      const next = await new Promise<IteratorResult<unknown>>((resolve, reject) => {
        stopRead = reject;
        source.read().then(resolve, reject);
      });
      stopRead = undefined;
      signal?.throwIfAborted();
      if (next.done) break;
      yield bytesOf(next.value);
    }
    finished = true;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // Left early (an error, an abort, the consumer stopped): the rest of the body is not wanted. Not awaited: an
    // async generator's return() waits for its pending next().
    if (!finished) void source.cancel(signal?.reason).catch(() => {});
  }
}

interface ChunkSource {
  read(): Promise<IteratorResult<unknown>>;
  cancel(reason: unknown): Promise<unknown>;
}

function openSource(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): ChunkSource {
  if (typeof (body as { getReader?: unknown }).getReader === "function") {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    return { read: () => reader.read(), cancel: (reason) => reader.cancel(reason) };
  }
  if (typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== "function")
    throw new TypeError(
      `readEventStream: body must be a ReadableStream or an async iterable of bytes, received ${preview(body)}`,
    );
  const iterator = (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  return {
    read: () => Promise.resolve(iterator.next()),
    cancel: async (reason) => iterator.return?.(reason),
  };
}

function bytesOf(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError(`readEventStream: the body gave a chunk that is not bytes (a Uint8Array): ${preview(chunk)}`);
}
