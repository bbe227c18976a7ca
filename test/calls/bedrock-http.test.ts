// Bedrock over HTTP: the AWS event stream decoder (frames cut anywhere, both checksums, hostile lengths, abort,
// linear work) and the ConverseStream request (URL, headers, body).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createToolCallStream } from "tooltype";
import { ProviderError } from "../../src/agent/chat-output.js";
import {
  crc32,
  EventStreamDecoder,
  MAX_FRAME_BYTES,
  readEventStream,
  readEventStreamWith,
} from "../../src/providers/bedrock/event-stream.js";
import { bedrockHTTP } from "../../src/providers/bedrock/http.js";
import {
  bitwiseCrc32,
  byteStream,
  chunked,
  concat,
  counted,
  cutAt,
  encodeFrame,
  encodeHeaders,
  encodeRawFrame,
  eventFrame,
  exceptionFrame,
  prelude,
} from "../support/event-stream.js";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(env?.TOOLTYPE_FUZZ_SEED) || 20261126;
const RUNS = Number(env?.TOOLTYPE_FUZZ_RUNS) || 200;

const text = (value: string) => new TextEncoder().encode(value);
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (pair) => Number.parseInt(pair, 16));

/** A ConverseStream answer as the AWS SDK's `response.stream` yields it: text, then one tool call, then usage. */
const CONVERSE: readonly Record<string, unknown>[] = [
  { messageStart: { role: "assistant", p: "abcdefghijklmnopqrstuvwxyzABCDEF" } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Let me check é😀" }, p: "abcdefgh" } },
  { contentBlockStop: { contentBlockIndex: 0 } },
  {
    contentBlockStart: {
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: "tooluse_a", name: "get_weather" } },
    },
  },
  { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"ci' } } } },
  { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: 'ty":"Paris"}' } } } },
  { contentBlockStop: { contentBlockIndex: 1 } },
  { messageStop: { stopReason: "tool_use" } },
  { metadata: { usage: { inputTokens: 12, outputTokens: 30, totalTokens: 42 }, metrics: { latencyMs: 512 } } },
];
const CONVERSE_BYTES = concat(CONVERSE.map(eventFrame));

async function collect(chunks: readonly Uint8Array[]): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of readEventStream(counted(chunks))) events.push(event);
  return events;
}

/** What reading the chunks threw, and the events it gave before. */
async function failure(chunks: readonly Uint8Array[]): Promise<{ error: Error; events: unknown[] }> {
  const events: unknown[] = [];
  try {
    for await (const event of readEventStream(counted(chunks))) events.push(event);
  } catch (error) {
    return { error: error as Error, events };
  }
  throw new Error("the stream was read without an error");
}

async function rejects(chunks: readonly Uint8Array[], pattern: RegExp): Promise<Error> {
  const { error } = await failure(chunks);
  assert.ok(error instanceof ProviderError, `expected a ProviderError, got ${error}`);
  assert.match(error.message, pattern);
  return error;
}

const crc = suite("CRC-32");

crc("the IEEE check value, empty input, and the bitwise form on random bytes", () => {
  assert.is(crc32(text("123456789")), 0xcbf43926);
  assert.is(crc32(new Uint8Array(0)), 0);
  assert.is(crc32(text("The quick brown fox jumps over the lazy dog")), 0x414fa339);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (bytes, a, b) => {
      const start = Math.min(a, b) % (bytes.length + 1);
      const end = start + (Math.max(a, b) % (bytes.length - start + 1));
      assert.is(crc32(bytes, start, end), bitwiseCrc32(bytes, start, end));
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

crc.run();

// The AWS event stream test vectors (published with AWS's event stream libraries): bytes written by AWS's own
// encoder, so the decoder and the test encoder are both checked against an outside oracle.
const VECTORS = {
  all_headers:
    "000000cc000000af0fae64ca0a6576656e742d74797065040000a00c0c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e0a626f6f6c2066616c73650109626f6f6c207472756500046279746502cf08627974652062756606001449276d2061206c6974746c6520746561706f74210974696d657374616d70080000000000845fed05696e74313603002a05696e7436340500000000028757b20475756964090102030405060708090a0b0c0d0e0f107b27666f6f273a27626172277daba5f10c",
  empty_message: "000000100000000005c248eb7d98c8ff",
  int32_header: "0000002d0000001041c424b80a6576656e742d74797065040000a00c7b27666f6f273a27626172277d36f480a0",
  payload_no_headers: "0000001d00000000fd528c5a7b27666f6f273a27626172277dc3653936",
  payload_one_str_header:
    "0000003d0000002007fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b27666f6f273a27626172277d8d9c08b1",
  corrupted_headers:
    "0000003d0000002007fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b61666f6f273a27626172277d8d9c08b1",
  corrupted_header_len:
    "0000003d0000002107fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b27666f6f273a27626172277d8d9c08b1",
  corrupted_length:
    "0000003e0000002007fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b27666f6f273a27626172277d8d9c08b1",
  corrupted_payload: "0000001d00000000fd528c5a5b27666f6f273a27626172277dc3653936",
};
const FOO_BAR = "{'foo':'bar'}";
const ALL_HEADERS = {
  "event-type": { type: "int", value: 40972 },
  "content-type": "application/json",
  "bool false": { type: "bool", value: false },
  "bool true": { type: "bool", value: true },
  byte: { type: "byte", value: -49 },
  "byte buf": { type: "bytes", value: text("I'm a little teapot!") },
  timestamp: { type: "timestamp", value: new Date(8675309) },
  int16: { type: "short", value: 42 },
  int64: { type: "long", value: 42424242n },
  uuid: { type: "uuid", value: hexBytes("0102030405060708090a0b0c0d0e0f10") },
} as const;

function decodeOne(bytes: Uint8Array) {
  const decoder = new EventStreamDecoder();
  const messages = [...decoder.push(bytes)];
  decoder.end();
  assert.is(messages.length, 1);
  return messages[0]!;
}

const vectors = suite("AWS event stream test vectors");

vectors("each well-formed vector decodes to its headers and payload", () => {
  const all = decodeOne(hexBytes(VECTORS.all_headers));
  assert.equal(Object.fromEntries(all.headers), {
    "event-type": 40972,
    "content-type": "application/json",
    "bool false": false,
    "bool true": true,
    byte: -49,
    "byte buf": text("I'm a little teapot!"),
    timestamp: new Date(8675309),
    int16: 42,
    int64: 42424242n,
    uuid: "01020304-0506-0708-090a-0b0c0d0e0f10",
  });
  assert.is(new TextDecoder().decode(all.payload), FOO_BAR);
  const empty = decodeOne(hexBytes(VECTORS.empty_message));
  assert.is(empty.headers.size, 0);
  assert.is(empty.payload.length, 0);
  assert.equal(Object.fromEntries(decodeOne(hexBytes(VECTORS.int32_header)).headers), { "event-type": 40972 });
  assert.is(new TextDecoder().decode(decodeOne(hexBytes(VECTORS.payload_no_headers)).payload), FOO_BAR);
  const one = decodeOne(hexBytes(VECTORS.payload_one_str_header));
  assert.equal(Object.fromEntries(one.headers), { "content-type": "application/json" });
});

vectors("the test encoder writes the vectors byte for byte", () => {
  assert.equal(encodeFrame(ALL_HEADERS, FOO_BAR), hexBytes(VECTORS.all_headers));
  assert.equal(encodeFrame({}, ""), hexBytes(VECTORS.empty_message));
  assert.equal(encodeFrame({ "event-type": { type: "int", value: 40972 } }, FOO_BAR), hexBytes(VECTORS.int32_header));
  assert.equal(encodeFrame({ "content-type": "application/json" }, FOO_BAR), hexBytes(VECTORS.payload_one_str_header));
});

vectors("each corrupted vector is refused, naming the checksum that fails", () => {
  const refusal = (hex: string) => {
    try {
      decodeOne(hexBytes(hex));
    } catch (error) {
      assert.instance(error, ProviderError);
      return (error as Error).message;
    }
    throw new Error("decoded a corrupted frame");
  };
  assert.match(refusal(VECTORS.corrupted_headers), /frame 0 \(at byte 0\) has a message checksum of 0x8d9c08b1/);
  assert.match(refusal(VECTORS.corrupted_payload), /message checksum of 0xc3653936, but its bytes give 0x/);
  assert.match(refusal(VECTORS.corrupted_header_len), /prelude checksum of 0x07fd8396, but its first 8 bytes give/);
  assert.match(refusal(VECTORS.corrupted_length), /prelude checksum/);
});

vectors.run();

const frames = suite("reading frames however the bytes are cut");

frames("the whole answer in one chunk: every frame of the chunk, as the SDK's events", async () => {
  assert.equal(await collect([CONVERSE_BYTES]), CONVERSE);
});

frames("cut at every byte offset, and one byte at a time", async () => {
  for (let at = 1; at < CONVERSE_BYTES.length; at++) assert.equal(await collect(cutAt(CONVERSE_BYTES, [at])), CONVERSE);
  assert.equal(await collect(chunked(CONVERSE_BYTES, 1)), CONVERSE);
  assert.equal(await collect([new Uint8Array(0), ...chunked(CONVERSE_BYTES, 5), new Uint8Array(0)]), CONVERSE);
});

frames("many events of any text, cut at random offsets", async () => {
  const delta = fc.record({
    contentBlockIndex: fc.nat({ max: 9 }),
    delta: fc.oneof(
      fc.record({ text: fc.string({ unit: "grapheme", maxLength: 40 }) }),
      fc.record({ toolUse: fc.record({ input: fc.string({ maxLength: 40 }) }) }),
    ),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(delta, { minLength: 1, maxLength: 60 }),
      fc.array(fc.nat(), { maxLength: 40 }),
      async (deltas, cuts) => {
        // JSON's round trip: fast-check's records have no prototype, the decoder's objects have Object's.
        const events = JSON.parse(JSON.stringify(deltas.map((contentBlockDelta) => ({ contentBlockDelta }))));
        const bytes = concat(events.map(eventFrame));
        assert.equal(
          await collect(
            cutAt(
              bytes,
              cuts.map((c) => c % bytes.length),
            ),
          ),
          events,
        );
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});

frames("the events feed tooltype's Bedrock stream assembler: the call comes out whole", async () => {
  const stream = createToolCallStream("bedrock");
  for (const event of await collect(chunked(CONVERSE_BYTES, 13))) stream.push(event);
  assert.equal(stream.calls(), [{ id: "tooluse_a", name: "get_weather", arguments: { city: "Paris" } }]);
});

frames("a ReadableStream body (a fetch Response's), and chunks of any ArrayBuffer view", async () => {
  const events: unknown[] = [];
  for await (const event of readEventStream(new Response(CONVERSE_BYTES).body!)) events.push(event);
  assert.equal(events, CONVERSE);
  const views = chunked(CONVERSE_BYTES, 64).map((c) => new DataView(c.buffer, c.byteOffset, c.byteLength));
  const fromViews: unknown[] = [];
  for await (const event of readEventStream(counted(views as unknown as Uint8Array[]))) fromViews.push(event);
  assert.equal(fromViews, CONVERSE);
});

frames("an empty payload is an event with no members; a __proto__ event type stays data", async () => {
  const bytes = concat([
    encodeFrame({ ":message-type": "event", ":event-type": "contentBlockStop" }, ""),
    encodeFrame({ ":message-type": "event", ":event-type": "__proto__" }, '{"polluted":true}'),
  ]);
  const [stop, proto] = await collect([bytes]);
  assert.equal(stop, { contentBlockStop: {} });
  assert.ok(Object.hasOwn(proto as object, "__proto__"));
  assert.is(({} as { polluted?: boolean }).polluted, undefined);
});

frames.run();

const hostile = suite("hostile and broken streams");

hostile("an exception frame is a ProviderError naming its type and message, after the events before it", async () => {
  const stream = concat([
    eventFrame(CONVERSE[0]!),
    exceptionFrame("throttlingException", { message: "Too many tokens, please wait before trying again." }),
    eventFrame(CONVERSE[1]!),
  ]);
  for (const chunks of [[stream], chunked(stream, 3)]) {
    const { error, events } = await failure(chunks);
    assert.instance(error, ProviderError);
    assert.is(
      error.message,
      "The stream sent an exception, throttlingException: Too many tokens, please wait before trying again.",
    );
    assert.equal((error as ProviderError).body, { message: "Too many tokens, please wait before trying again." });
    assert.equal(events, [CONVERSE[0]]);
  }
  await rejects(
    [exceptionFrame("modelStreamErrorException", { Message: "The model failed", originalStatusCode: 500 })],
    /modelStreamErrorException: The model failed$/,
  );
  await rejects(
    [encodeFrame({ ":message-type": "exception", ":exception-type": "internalServerException" }, "not json")],
    /internalServerException: not json$/,
  );
});

hostile("an error frame names its code and message; an unknown message type is refused", async () => {
  const error = await rejects(
    [encodeFrame({ ":message-type": "error", ":error-code": "InternalFailure", ":error-message": "boom" }, "")],
    /^The stream sent an error, InternalFailure: boom$/,
  );
  assert.equal((error as ProviderError).body, { code: "InternalFailure", message: "boom" });
  await rejects(
    [eventFrame(CONVERSE[0]!), encodeFrame({ ":message-type": "surprise", ":event-type": "x" }, "{}")],
    /frame 1 \(at byte \d+\) has :message-type "surprise", not event, exception or error/,
  );
  await rejects(
    [encodeFrame({ ":message-type": "event" }, "{}")],
    /frame 0 \(at byte 0\) is an event without an :event-type header/,
  );
});

hostile("a payload that is not JSON names the frame and the event", async () => {
  const bad = encodeFrame({ ":message-type": "event", ":event-type": "contentBlockDelta" }, '{"contentBlockIndex":');
  const offset = CONVERSE_BYTES.length;
  await rejects(
    [CONVERSE_BYTES, bad],
    new RegExp(`frame 9 \\(at byte ${offset}\\), event contentBlockDelta has a payload that is not JSON: "\\{`),
  );
});

hostile("a length over the cap is refused from the prelude alone, before anything is allocated", () => {
  for (const total of [MAX_FRAME_BYTES + 1, 0xffffffff]) {
    const decoder = new EventStreamDecoder();
    assert.throws(
      () => [...decoder.push(prelude(total, 0))],
      (error: Error) =>
        error instanceof ProviderError &&
        error.message ===
          `The event stream is malformed: frame 0 (at byte 0) declares ${total} bytes, more than the 16777216 (16 MiB) a frame may hold`,
    );
    assert.is(decoder.copied, 0);
  }
  // Cut inside the prelude: the check waits for the prelude's 12 bytes, then refuses.
  const decoder = new EventStreamDecoder();
  assert.equal([...decoder.push(prelude(0x7fffffff, 0).subarray(0, 5))], []);
  assert.throws(() => [...decoder.push(prelude(0x7fffffff, 0).subarray(5))], /more than the 16777216 \(16 MiB\)/);
});

hostile("a total smaller than a prelude and checksum, or headers longer than the frame", async () => {
  for (const total of [0, 12, 15])
    await rejects(
      [prelude(total, 0)],
      new RegExp(`frame 0 \\(at byte 0\\) declares ${total} bytes, fewer than the 16 of a prelude and a checksum`),
    );
  await rejects([prelude(40, 25), new Uint8Array(28)], /declares 25 bytes of headers, more than its 40 bytes leave/);
  await rejects([prelude(300_000, 200_000)], /declares 200000 bytes of headers, .* or the 131072 allowed/);
});

hostile("a bad checksum in the prelude or the message, in any frame", async () => {
  const second = eventFrame(CONVERSE[1]!);
  const badPrelude = second.slice();
  badPrelude[9]! ^= 1;
  await rejects(
    [eventFrame(CONVERSE[0]!), badPrelude],
    /^The event stream is malformed: frame 1 \(at byte \d+\) has a prelude checksum of 0x[0-9a-f]{8}, but its first 8 bytes give 0x[0-9a-f]{8}$/,
  );
  const badMessage = second.slice();
  badMessage[40]! ^= 0x20;
  await rejects(chunked(badMessage, 7), /^The event stream is malformed: frame 0 \(at byte 0\) has a message checksum/);
});

hostile("headers that run past their section, or of an unknown type", async () => {
  const frame = (headers: Uint8Array) => encodeRawFrame(headers, text("{}"));
  await rejects(
    [frame(Uint8Array.of(20, 97, 98))],
    /has a header name that runs past the end of its headers \(byte 15\)/,
  );
  await rejects([frame(concat([encodeHeaders({ a: "x" }).subarray(0, 4)]))], /header "a" length that runs past/);
  await rejects([frame(Uint8Array.of(1, 97, 7, 0, 9, 120))], /header "a" value that runs past/);
  await rejects([frame(Uint8Array.of(1, 97))], /header "a" type that runs past/);
  await rejects([frame(Uint8Array.of(1, 97, 10))], /has a header "a" of type 10; the types are 0 to 9/);
});

hostile("a stream that ends inside a frame, in its prelude or after it", async () => {
  await rejects(
    [CONVERSE_BYTES.subarray(0, CONVERSE_BYTES.length - 1)],
    /^The event stream ended inside a frame: frame 8 \(at byte \d+\) has \d+ of its \d+ bytes$/,
  );
  const first = eventFrame(CONVERSE[0]!);
  const { error, events } = await failure([concat([first, first.subarray(0, 7)])]);
  assert.is(
    error.message,
    `The event stream ended inside a frame: frame 1 (at byte ${first.length}) has 7 of the 12 bytes of its prelude`,
  );
  assert.equal(events, [CONVERSE[0]]);
});

hostile("a body that is not a stream, or a chunk that is not bytes, is a TypeError", async () => {
  try {
    await readEventStream(42 as unknown as AsyncIterable<Uint8Array>).next();
    assert.unreachable();
  } catch (error) {
    assert.instance(error, TypeError);
    assert.match((error as Error).message, /body must be a ReadableStream or an async iterable of bytes, received 42/);
  }
  const { error } = await failure(["text" as unknown as Uint8Array]);
  assert.instance(error, TypeError);
  assert.match(error.message, /the body gave a chunk that is not bytes \(a Uint8Array\): "text"/);
});

hostile.run();

const abort = suite("abort and early stops");

abort("an abort while a read waits rejects with the reason and cancels the body", async () => {
  const { stream, state } = byteStream([eventFrame(CONVERSE[0]!)], "hang");
  const controller = new AbortController();
  const events = readEventStream(stream, controller.signal);
  assert.equal((await events.next()).value, CONVERSE[0]);
  const pending = events.next();
  const reason = new Error("stop now");
  controller.abort(reason);
  try {
    await pending;
    assert.unreachable();
  } catch (error) {
    assert.is(error, reason);
  }
  await Promise.resolve();
  assert.ok(state.wasCancelled, "the body was cancelled");
  assert.is(state.cancelled, reason);
});

abort("an async iterable that never answers: the abort rejects and return() is called", async () => {
  let returned = 0;
  const silent: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise<IteratorResult<Uint8Array>>(() => {}),
      return: async () => {
        returned++;
        return { done: true, value: undefined };
      },
    }),
  };
  const controller = new AbortController();
  const pending = readEventStream(silent, controller.signal).next();
  controller.abort(new Error("enough"));
  try {
    await pending;
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, "enough");
  }
  assert.is(returned, 1);
});

abort(
  "an aborted signal reads nothing and cancels the body; an abort between two events of one chunk stops before the second",
  async () => {
    const { stream, state } = byteStream([CONVERSE_BYTES]);
    const controller = new AbortController();
    controller.abort(new Error("before"));
    try {
      await readEventStream(stream, controller.signal).next();
      assert.unreachable();
    } catch (error) {
      assert.is((error as Error).message, "before");
    }
    await Promise.resolve();
    assert.ok(state.wasCancelled, "the body is not wanted: cancelled");
    const later = new AbortController();
    const events = readEventStream(counted([CONVERSE_BYTES]), later.signal);
    assert.equal((await events.next()).value, CONVERSE[0]);
    later.abort(new Error("after one"));
    try {
      await events.next();
      assert.unreachable();
    } catch (error) {
      assert.is((error as Error).message, "after one");
    }
  },
);

abort("a consumer that stops early cancels the body", async () => {
  const { stream, state } = byteStream(chunked(CONVERSE_BYTES, 50), "hang");
  for await (const event of readEventStream(stream)) {
    assert.equal(event, CONVERSE[0]);
    break;
  }
  await Promise.resolve();
  assert.ok(state.wasCancelled);
});

abort.run();

const work = suite("work is linear in the bytes");

/** About `size` bytes of small contentBlockDelta frames: 1000 distinct ones, repeated. */
function manyFrames(size: number): { bytes: Uint8Array; count: number; textLength: number } {
  const distinct = Array.from({ length: 1000 }, (_, i) =>
    eventFrame({ contentBlockDelta: { contentBlockIndex: i % 7, delta: { text: "x".repeat(i % 90) } } }),
  );
  const parts: Uint8Array[] = [];
  let length = 0;
  let textLength = 0;
  while (length < size) {
    const i = parts.length % distinct.length;
    parts.push(distinct[i]!);
    length += distinct[i]!.length;
    textLength += i % 90;
  }
  return { bytes: concat(parts), count: parts.length, textLength };
}

async function readCounting(chunks: Uint8Array[]) {
  const decoder = new EventStreamDecoder();
  const input = counted(chunks);
  let count = 0;
  let textLength = 0;
  for await (const event of readEventStreamWith(decoder, input)) {
    count++;
    textLength += (event as { contentBlockDelta: { delta: { text: string } } }).contentBlockDelta.delta.text.length;
  }
  return { count, textLength, copied: decoder.copied, given: input.given };
}

work("20 MB of small frames in 64 KiB chunks: each event once, bytes copied at most twice the input", async () => {
  const stream = manyFrames(20_000_000);
  const read = await readCounting(chunked(stream.bytes, 65_536));
  assert.is(read.given, stream.bytes.length);
  assert.is(read.count, stream.count);
  assert.is(read.textLength, stream.textLength);
  assert.ok(read.copied <= 2 * read.given, `copied ${read.copied} of ${read.given}`);
  // Only the frames that straddle a chunk boundary are copied: one per chunk at most.
  assert.ok(read.copied < 2 * 1200 * Math.ceil(read.given / 65_536), `copied ${read.copied}`);
});

work("200 kB cut every 7 bytes, so that every frame spans chunks: copies stay under twice the input", async () => {
  const stream = manyFrames(200_000);
  const read = await readCounting(chunked(stream.bytes, 7));
  assert.is(read.count, stream.count);
  assert.ok(read.copied >= read.given, "every byte was copied once");
  assert.ok(read.copied <= 2 * read.given, `copied ${read.copied} of ${read.given}`);
});

work("one 4 MB frame in 4 KiB chunks is copied exactly once", async () => {
  const payload = { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "y".repeat(4_000_000) } } };
  const frame = eventFrame(payload);
  const decoder = new EventStreamDecoder();
  const events: unknown[] = [];
  for await (const event of readEventStreamWith(decoder, counted(chunked(frame, 4096)))) events.push(event);
  assert.equal(events, [payload]);
  assert.is(decoder.copied, frame.length);
});

work.run();

const http = suite("bedrockHTTP: the ConverseStream request");

const REQUEST = {
  modelId: "anthropic.claude-3-5-haiku-20241022-v1:0",
  messages: [{ role: "user", content: [{ text: "Weather in Paris?" }] }],
  system: [{ text: "Be brief." }],
  inferenceConfig: { maxTokens: 512, temperature: 0 },
  toolConfig: {
    tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object" } } } }],
    toolChoice: { auto: {} },
  },
};

http("the URL names the model, encoded; the body is the input without modelId", () => {
  const { url, headers, body } = bedrockHTTP.request(bedrockHTTP.baseURL, REQUEST, "key-123");
  assert.is(
    url,
    "https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/converse-stream",
  );
  assert.equal(headers, {
    "content-type": "application/json",
    accept: "application/vnd.amazon.eventstream, application/json",
    authorization: "Bearer key-123",
  });
  const { modelId: _modelId, ...rest } = REQUEST;
  assert.equal(JSON.parse(body), rest);
});

http("an ARN and a regional base with a trailing slash; no key, no authorization header", () => {
  const arn = "arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-3-5-sonnet-20240620-v1:0";
  const { url, headers } = bedrockHTTP.request(
    "https://bedrock-runtime.eu-west-1.amazonaws.com/",
    { ...REQUEST, modelId: arn },
    undefined,
  );
  assert.is(
    url,
    "https://bedrock-runtime.eu-west-1.amazonaws.com/model/arn%3Aaws%3Abedrock%3Aeu-west-1%3A123456789012%3Ainference-profile%2Feu.anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream",
  );
  assert.not.ok("authorization" in headers);
});

http("bytes in the input (an image's source.bytes) are sent as base64", () => {
  const request = {
    modelId: "m",
    messages: [{ role: "user", content: [{ image: { format: "png", source: { bytes: Uint8Array.of(104, 105) } } }] }],
  };
  const body = JSON.parse(bedrockHTTP.request(bedrockHTTP.baseURL, request, undefined).body);
  assert.equal(body.messages[0].content[0].image.source, { bytes: "aGk=" });
});

http("a missing or empty modelId is a TypeError naming it", () => {
  for (const [request, shown] of [
    [{ messages: [] }, "undefined"],
    [{ modelId: "", messages: [] }, '""'],
    [{ modelId: 7, messages: [] }, "7"],
  ] as const) {
    assert.throws(
      () => bedrockHTTP.request(bedrockHTTP.baseURL, request, undefined),
      (error: Error) =>
        error instanceof TypeError &&
        error.message ===
          `Bedrock: a ConverseStream request needs a modelId (a model id, inference profile id or ARN), received ${shown}`,
    );
  }
});

http("a fetch of the request answers an event stream that events() reads", async () => {
  const sent: { url: string; init: RequestInit }[] = [];
  const fakeFetch = async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(CONVERSE_BYTES, {
      headers: { "content-type": "application/vnd.amazon.eventstream" },
    });
  };
  const { url, headers, body } = bedrockHTTP.request(bedrockHTTP.baseURL, REQUEST, "k");
  const response = await fakeFetch(url, { method: "POST", headers, body });
  assert.is(response.headers.get("content-type"), "application/vnd.amazon.eventstream");
  const events: unknown[] = [];
  for await (const event of bedrockHTTP.events!(response.body!)) events.push(event);
  assert.equal(events, CONVERSE);
  assert.is(sent[0]!.url, url);
});

http.run();
