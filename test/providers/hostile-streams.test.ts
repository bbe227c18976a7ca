// Stream readers and the call tracker against hostile or odd streams: what a model or a gateway may send.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createCallTracker } from "tooltype/calls";
import { ProviderError, readServerSentEvents } from "tooltype/agent";
import { ADAPTERS, createToolCallStream, httpChat, runTools, t, tool } from "tooltype";
import { readEventStream } from "../../src/providers/bedrock/event-stream.js";
import { concat, counted, cutAt, encodeFrame, encodeRawFrame, eventFrame } from "../support/event-stream.js";

/** A provider's reader fed `events`, and its rebuilt response. */
function rebuilt(provider: keyof typeof ADAPTERS, events: unknown[]): unknown {
  const reader = ADAPTERS[provider].stream!.reader(createCallTracker());
  for (const event of events) reader.push(event);
  return reader.response();
}

const usage = suite("streamed usage reported more than once");

usage("Anthropic: message_delta's null counts keep what message_start said", () => {
  const response = rebuilt("anthropic", [
    {
      type: "message_start",
      message: {
        id: "msg_1",
        role: "assistant",
        content: [],
        usage: { input_tokens: 50, output_tokens: 1, cache_read_input_tokens: 7 },
      },
    },
    {
      type: "message_delta",
      delta: { stop_reason: "end_turn" },
      usage: { input_tokens: null, cache_read_input_tokens: null, output_tokens: 20 },
    },
  ]);
  const counted = ADAPTERS.anthropic.usage!(response);
  assert.equal(counted?.outputTokens, 20);
  assert.equal((counted?.raw as { cache_read_input_tokens?: number } | undefined)?.cache_read_input_tokens, 7);
  assert.equal(counted?.inputTokens, 57); // input_tokens plus the cache read, as for a whole response
});

usage.run();

const orphans = suite("pieces for a call never started or already closed");

const start = (index: number) => ({
  type: "content_block_start",
  index,
  content_block: { type: "tool_use", id: `toolu_${index}`, name: "add", input: {} },
});
const piece = (index: number, json: string) => ({
  type: "content_block_delta",
  index,
  delta: { type: "input_json_delta", partial_json: json },
});

orphans("Anthropic: a piece after content_block_stop is dropped, in the calls and in the history", () => {
  const events = [start(0), piece(0, '{"a":1}'), { type: "content_block_stop", index: 0 }, piece(0, '{"b":2}')];
  const stream = createToolCallStream("anthropic");
  for (const event of events) stream.push(event);
  assert.equal(stream.calls(), [{ id: "toolu_0", name: "add", arguments: { a: 1 } }]);
  const response = rebuilt("anthropic", events) as { content: { input: unknown }[] };
  assert.equal(response.content[0]!.input, { a: 1 });
});

orphans("Anthropic, Bedrock, Cohere, Responses: pieces under a key no call started under make no call", () => {
  const cases: [keyof typeof ADAPTERS, unknown[]][] = [
    ["anthropic", [start(0), piece(0, "{}"), piece(7, '{"x":1}'), piece(2 ** 53, "{}"), piece(Number.NaN, "{}")]],
    [
      "bedrock",
      [
        { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "t0", name: "add" } } } },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: "{}" } } } },
        { contentBlockDelta: { contentBlockIndex: 3, delta: { toolUse: { input: '{"x":1}' } } } },
      ],
    ],
    [
      "cohere",
      [
        {
          type: "tool-call-start",
          index: 0,
          delta: {
            message: { tool_calls: { id: "c0", type: "function", function: { name: "add", arguments: "{}" } } },
          },
        },
        {
          type: "tool-call-delta",
          index: 4,
          delta: { message: { tool_calls: { function: { arguments: '{"x":1}' } } } },
        },
      ],
    ],
    [
      "responses",
      [
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { type: "function_call", id: "fc_0", call_id: "call_0", name: "add", arguments: "" },
        },
        { type: "response.function_call_arguments.delta", output_index: 0, delta: "{}" },
        { type: "response.function_call_arguments.delta", output_index: 9, delta: '{"x":1}' },
        { type: "response.function_call_arguments.done", output_index: 8, arguments: '{"x":1}' },
      ],
    ],
  ];
  for (const [provider, events] of cases) {
    const stream = createToolCallStream(provider);
    for (const event of events) stream.push(event);
    assert.equal(stream.calls().length, 1, `${provider}: ${JSON.stringify(stream.calls())}`);
    assert.equal(stream.partial().length, 1, provider);
    assert.equal(ADAPTERS[provider].calls(rebuilt(provider, events)).length, 1, `${provider} rebuilt`);
  }
});

orphans("Bedrock: a toolUse piece for a block never started leaves no empty block in the history", () => {
  const response = rebuilt("bedrock", [
    { messageStart: { role: "assistant" } },
    { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Adding." } } },
    { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"a":1}' } } } },
    { messageStop: { stopReason: "end_turn" } },
  ]) as { output: { message: { content: unknown[] } } };
  assert.equal(response.output.message.content, [{ text: "Adding." }]);
});

orphans("OpenAI chat: a delta that never names its call adds no call, and no tool_calls entry without an id", () => {
  const events = [
    {
      id: "c",
      choices: [
        { index: 0, delta: { tool_calls: [{ index: 0, id: "call_0", function: { name: "add", arguments: "{}" } }] } },
      ],
    },
    { id: "c", choices: [{ index: 0, delta: { tool_calls: [{ index: 1 }] } }] },
    { id: "c", choices: [{ index: 0, delta: { tool_calls: [{ index: 2, function: { arguments: '{"x":1}' } }] } }] },
  ];
  const stream = createToolCallStream("openai");
  for (const event of events) stream.push(event);
  assert.equal(stream.calls(), [{ id: "call_0", name: "add", arguments: {} }]);
  const response = rebuilt("openai", events) as { choices: { message: { tool_calls: { id: string }[] } }[] };
  assert.equal(
    response.choices[0]!.message.tool_calls.map((call) => call.id),
    ["call_0"],
  );
});

orphans(
  "Anthropic, Bedrock, Cohere: a start under the key of a closed call starts another call, with its own arguments",
  () => {
    const cases: [keyof typeof ADAPTERS, unknown[]][] = [
      [
        "anthropic",
        [
          start(0),
          piece(0, '{"a":1}'),
          { type: "content_block_stop", index: 0 },
          {
            type: "content_block_start",
            index: 0,
            content_block: { type: "tool_use", id: "again", name: "add", input: {} },
          },
          piece(0, '{"a":2}'),
          { type: "content_block_stop", index: 0 },
        ],
      ],
      [
        "bedrock",
        [
          { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "first", name: "add" } } } },
          { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"a":1}' } } } },
          { contentBlockStop: { contentBlockIndex: 0 } },
          { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "again", name: "add" } } } },
          { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"a":2}' } } } },
          { contentBlockStop: { contentBlockIndex: 0 } },
        ],
      ],
      [
        "cohere",
        [
          {
            type: "tool-call-start",
            index: 0,
            delta: {
              message: {
                tool_calls: { id: "first", type: "function", function: { name: "add", arguments: '{"a":1}' } },
              },
            },
          },
          { type: "tool-call-end", index: 0 },
          {
            type: "tool-call-start",
            index: 0,
            delta: {
              message: {
                tool_calls: { id: "again", type: "function", function: { name: "add", arguments: '{"a":2}' } },
              },
            },
          },
          { type: "tool-call-end", index: 0 },
        ],
      ],
    ];
    for (const [provider, events] of cases) {
      const stream = createToolCallStream(provider);
      for (const event of events) stream.push(event);
      assert.equal(stream.calls().at(-1), { id: "again", name: "add", arguments: { a: 2 } }, provider);
      const calls = ADAPTERS[provider].calls(rebuilt(provider, events));
      assert.equal(calls.at(-1), { id: "again", name: "add", arguments: { a: 2 } }, `${provider} rebuilt`);
    }
  },
);

orphans("call keys __proto__, constructor and 2^1024 are only keys", () => {
  const stream = createToolCallStream("openai");
  for (const index of ["__proto__", "constructor", 1e308 * 10, "__proto__"])
    stream.push({
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index, id: `id_${String(index)}`, function: { name: "add", arguments: "{}" } }] },
        },
      ],
    });
  assert.equal(
    stream.calls().map((call) => call.id),
    ["id___proto__", "id_constructor", "id_Infinity", "id___proto__"],
  );
  assert.is(({} as { id?: unknown }).id, undefined);
});

orphans.run();

const big = suite("big chunks");

big("Ollama: a chunk of 300,000 calls is read (no spread of a wire list into arguments)", () => {
  const call = { function: { name: "add", arguments: {} } };
  const response = rebuilt("ollama", [
    { message: { role: "assistant", content: "", tool_calls: Array.from({ length: 300_000 }, () => call) } },
    { message: { role: "assistant", content: "" }, done: true, done_reason: "stop" },
  ]);
  assert.equal(ADAPTERS.ollama.calls(response).length, 300_000);
});

big.run();

const endless = suite("a server-sent event stream that never ends a line or an event");

/** A body that gives `piece` forever, counting the chunks it was asked for. */
function forever(piece: string): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const bytes = new TextEncoder().encode(piece);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(bytes);
    },
  });
  return { body, pulled: () => pulled };
}

async function refusal(body: ReadableStream<Uint8Array>): Promise<Error | undefined> {
  try {
    for await (const _ of readServerSentEvents(body)) {
      // only the events' count matters here: there are none
    }
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

endless("a line that never ends is refused once it passes MAX_EVENT_CHARS, naming where", async () => {
  const { body, pulled } = forever("x".repeat(1 << 20)); // 1 MiB a chunk, no line end
  const error = await refusal(body);
  assert.instance(error, ProviderError);
  assert.match(error!.message, /longer than 16777216 characters/);
  assert.match(error!.message, "(at character 17825792)"); // the 17th MiB ends past the limit
  assert.ok(pulled() <= 18, `${pulled()} chunks read`);
});

endless("data lines that never end their event are refused the same way", async () => {
  const { body, pulled } = forever(`data: ${"y".repeat(1 << 20)}\n`);
  const error = await refusal(body);
  assert.match(error!.message, /longer than 16777216 characters/);
  assert.ok(pulled() <= 18, `${pulled()} chunks read`);
});

endless("events under the limit, many of them, are read as before", async () => {
  const event = `data: ${"z".repeat(1 << 20)}\n\n`;
  let given = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (given++ === 40) controller.close();
      else controller.enqueue(new TextEncoder().encode(event));
    },
  });
  let count = 0;
  for await (const { data } of readServerSentEvents(body)) count += data.length === 1 << 20 ? 1 : 0;
  assert.is(count, 40);
});

endless.run();

const hostile = suite("chunks whose fields throw");

const throwing = (): object =>
  new Proxy(
    {},
    {
      get: (_, key) => {
        if (key === "then") return undefined; // awaited as it is yielded: not a promise
        throw new Error("a getter that throws");
      },
      ownKeys: () => {
        throw new Error("ownKeys that throws");
      },
    },
  );

hostile("createToolCallStream names the provider and the chunk a throwing field was read in", () => {
  for (const provider of Object.keys(ADAPTERS) as (keyof typeof ADAPTERS)[]) {
    const stream = createToolCallStream(provider);
    stream.push({});
    const error = (() => {
      try {
        stream.push(throwing());
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    assert.instance(error, TypeError, provider);
    assert.match(
      error!.message,
      `createToolCallStream: ${provider} chunk 2 could not be read: Error: a getter that throws`,
    );
    assert.equal(stream.calls(), [], provider);
  }
});

hostile("runTools names the provider and the chunk a throwing field was read in", async () => {
  for (const provider of Object.keys(ADAPTERS) as (keyof typeof ADAPTERS)[]) {
    const error = await runTools({
      provider,
      chat: async function* () {
        yield {};
        yield throwing();
      },
      request: { model: "m", messages: [], contents: [], input: [] },
      tools: [],
    }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    assert.instance(error, ProviderError, `${provider}: ${error?.stack}`);
    assert.match(error!.message, `${provider} stream chunk 2 could not be read: `, provider);
    assert.match(error!.message, /(a getter|ownKeys) that throws$/, provider);
  }
});

hostile.run();

const frames = suite("the AWS event stream: hostile names, repeated headers, odd cuts");

async function events(chunks: readonly Uint8Array[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const event of readEventStream(counted(chunks))) out.push(event);
  return out;
}

const json = (type: string, payload: string) =>
  encodeFrame({ ":event-type": type, ":content-type": "application/json", ":message-type": "event" }, payload);

frames(":event-type __proto__ or constructor, and a payload with __proto__, stay plain own keys", async () => {
  const [proto, named, start] = (await events([
    json("__proto__", '{"polluted":true}'),
    json("constructor", '{"prototype":{"polluted":true}}'),
    json("messageStop", '{"__proto__":{"stopReason":"guardrail_intervened"},"stopReason":"end_turn"}'),
  ])) as Record<string, unknown>[];
  assert.is(Object.getPrototypeOf(proto), Object.prototype);
  assert.ok(Object.hasOwn(proto!, "__proto__"));
  assert.is((proto as { polluted?: unknown }).polluted, undefined);
  assert.is(({} as { polluted?: unknown }).polluted, undefined);
  assert.ok(Object.hasOwn(named!, "constructor"));
  assert.is(Object.getPrototypeOf(start!.messageStop), Object.prototype);
  const response = rebuilt("bedrock", [proto, named, start]);
  assert.is(ADAPTERS.bedrock.refusal!(response), undefined);
  assert.is((response as { stopReason?: unknown }).stopReason, "end_turn");
});

frames("a header named twice is refused, naming the header and the frame", async () => {
  const name = new TextEncoder().encode(":message-type");
  const value = (text: string) => [7, 0, text.length, ...new TextEncoder().encode(text)];
  const headers = Uint8Array.from([
    name.length,
    ...name,
    ...value("exception"),
    name.length,
    ...name,
    ...value("event"),
  ]);
  const error = await events([
    eventFrame({ messageStart: { role: "assistant" } }),
    encodeRawFrame(headers, new Uint8Array()),
  ]).then(
    () => undefined,
    (caught: Error) => caught,
  );
  assert.is(error?.name, "ProviderError"); // the source's class: Deno and Bun import tooltype from dist
  assert.match(error!.message, "frame 1 (at byte ");
  assert.match(error!.message, 'has the header ":message-type" twice');
});

frames(
  "after 2,000 good frames, cuts anywhere (inside a prelude, between checksums, one byte at a time) read the same",
  async () => {
    const sent = Array.from({ length: 2000 }, (_, i) => ({
      contentBlockDelta: { contentBlockIndex: i % 3, delta: { text: "é😀".repeat(i % 5) + String(i) } },
    }));
    const bytes = concat(sent.map((event) => eventFrame(event)));
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const cuts: number[] = [];
    for (let at = 0; at < bytes.length; at += 1 + random(97)) cuts.push(at);
    const tail = bytes.length - 40; // the last frames arrive one byte at a time
    for (let at = tail; at < bytes.length; at++) cuts.push(at);
    assert.equal(await events(cutAt(bytes, cuts)), sent);
  },
);

frames.run();

const wholeResponses = suite("whole responses whose ids and names have no text");

wholeResponses(
  "each adapter's calls() reads an id or a name without a prototype as empty, a symbol as its text",
  () => {
    const odd = [Object.create(null), Symbol("name")];
    for (const value of odd) {
      const responses: Partial<Record<keyof typeof ADAPTERS, unknown>> = {
        openai: { choices: [{ message: { tool_calls: [{ id: value, function: { name: value, arguments: "{}" } }] } }] },
        mistral: { choices: [{ message: { toolCalls: [{ id: value, function: { name: value, arguments: "{}" } }] } }] },
        cohere: { message: { toolCalls: [{ id: value, function: { name: value, arguments: "{}" } }] } },
        responses: { output: [{ type: "function_call", call_id: value, name: value, arguments: "{}" }] },
        anthropic: { content: [{ type: "tool_use", id: value, name: value, input: {} }] },
        bedrock: { output: { message: { content: [{ toolUse: { toolUseId: value, name: value, input: {} } }] } } },
        gemini: { candidates: [{ content: { parts: [{ functionCall: { id: value, name: value, args: {} } }] } }] },
        ollama: { message: { tool_calls: [{ id: value, function: { name: value, arguments: {} } }] } },
        mcp: { content: [{ type: "tool_use", id: value, name: value, input: {} }] },
      };
      for (const [provider, response] of Object.entries(responses) as [keyof typeof ADAPTERS, unknown][]) {
        const [call] = ADAPTERS[provider].calls(response);
        assert.is(call?.name, typeof value === "symbol" ? "Symbol(name)" : "", provider);
        assert.is(typeof call?.id, "string", provider);
      }
    }
  },
);

wholeResponses("each adapter's text() reads a text part without a prototype without throwing", () => {
  const odd = Object.create(null);
  const responses: Partial<Record<keyof typeof ADAPTERS, unknown>> = {
    openai: { choices: [{ message: { content: odd } }] },
    cohere: { message: { content: [{ type: "text", text: odd }] } },
    responses: { output: [{ type: "message", content: [{ type: "output_text", text: odd }] }] },
    anthropic: { content: [{ type: "text", text: odd }] },
    bedrock: { output: { message: { content: [{ text: odd }] } } },
    gemini: { candidates: [{ content: { parts: [{ text: odd }] } }] },
    mcp: { content: [{ type: "text", text: odd }] },
  };
  for (const [provider, response] of Object.entries(responses) as [keyof typeof ADAPTERS, unknown][]) {
    try {
      ADAPTERS[provider].text(response);
    } catch (error) {
      assert.unreachable(`${provider}: ${(error as Error).message}`);
    }
  }
});

wholeResponses.run();

const bodies = suite("error bodies that never end");

bodies("an error response whose body never ends is read up to 64 KiB, then refused with its status", async () => {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`{"error":{"message":"${"x".repeat(4096)}`);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(chunk);
    },
  });
  const error = await runTools({
    provider: "openai",
    chat: () => new Response(body, { status: 502, statusText: "Bad Gateway" }),
    request: { model: "m", messages: [] },
    tools: [],
  }).then(
    () => undefined,
    (caught: Error) => caught,
  );
  assert.instance(error, ProviderError);
  assert.is((error as InstanceType<typeof ProviderError>).status, 502);
  assert.match(error!.message, "openai answered 502 Bad Gateway: ");
  assert.ok(pulled <= 20, `${pulled} chunks read`);
});

bodies.run();

const deep = suite("deeply nested whole arguments");

deep(
  "Gemini: arguments nested 100,000 deep are refused by the tool; the next request is written whole or refused by name",
  async () => {
    let nested: unknown = 1;
    for (let i = 0; i < 100_000; i++) nested = { a: nested };
    const add = tool({
      name: "add",
      description: "Adds.",
      parameters: t.object({ a: t.number() }),
      execute: ({ a }) => a,
    });
    const turn = {
      candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "add", args: nested } }] } }],
    };
    let fetched = 0;
    const http = httpChat("gemini", {
      fetch: async () => {
        fetched++;
        const answer = {
          candidates: [{ content: { role: "model", parts: [{ text: "Done." }] }, finishReason: "STOP" }],
        };
        return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
      },
    });
    let turns = 0;
    const error = await runTools({
      provider: "gemini",
      chat: (request, init) => (turns++ === 0 ? turn : http(request, init)),
      request: { model: "gemini-2.5-flash", contents: [] },
      tools: [add],
    }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    // Some engines write any depth (a newer V8's JSON.stringify does not recurse on plain objects): the request then
    // goes out. Where the engine cannot, the run stops with an error naming it, before anything is sent.
    if (error === undefined) assert.is(fetched, 1, "written whole, and sent");
    else {
      assert.instance(error, TypeError, `${error.name}: ${error.message.slice(0, 300)}`);
      assert.match(error.message, "httpChat: the request could not be written as JSON", error.message.slice(0, 300));
      assert.is(fetched, 0);
    }
  },
);

deep("a request body JSON cannot write (a BigInt) is a TypeError naming it, and nothing is sent", async () => {
  let fetched = 0;
  const http = httpChat("openai", {
    fetch: async () => {
      fetched++;
      return new Response("{}");
    },
  });
  const error = await Promise.resolve()
    .then(() => http({ model: "m", messages: [], seed: 1n }))
    .then(
      () => undefined,
      (caught: Error) => caught,
    );
  assert.instance(error, TypeError);
  assert.match(error!.message, "httpChat: the request could not be written as JSON");
  assert.is(fetched, 0);
});

deep.run();

const many = suite("a turn of very many calls");

many("runTools answers a turn of 200,000 calls (one tool message each: no spread into push)", async () => {
  const noop = tool({ name: "noop", description: "Does nothing.", parameters: t.object({}), execute: () => 1 });
  const calls = Array.from({ length: 200_000 }, (_, i) => ({
    id: `c${i}`,
    type: "function",
    function: { name: "noop", arguments: "{}" },
  }));
  let turns = 0;
  const result = await runTools({
    provider: "openai",
    chat: () =>
      turns++ === 0
        ? {
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: null, tool_calls: calls },
                finish_reason: "tool_calls",
              },
            ],
          }
        : { choices: [{ index: 0, message: { role: "assistant", content: "done" }, finish_reason: "stop" }] },
    request: { model: "m", messages: [] },
    tools: [noop],
  });
  assert.is(result.text, "done");
  assert.is(result.steps[0]!.results.length, 200_000);
  assert.is(result.messages.length, 1 + 200_000 + 1);
});

many.run();

const work = suite("work counted, not timed");

work("Gemini, Ollama, MCP: whole arguments are written as text once, however often partial() is read", () => {
  const chunks: Partial<Record<keyof typeof ADAPTERS, (args: unknown) => unknown>> = {
    gemini: (args) => ({ candidates: [{ content: { parts: [{ functionCall: { name: "add", args } }] } }] }),
    ollama: (args) => ({
      message: { role: "assistant", content: "", tool_calls: [{ function: { name: "add", arguments: args } }] },
    }),
    mcp: (args) => ({ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "add", input: args }] }),
  };
  for (const [provider, chunk] of Object.entries(chunks) as [keyof typeof ADAPTERS, (args: unknown) => unknown][]) {
    let written = 0;
    const args = {
      toJSON() {
        written++;
        return { a: 1 };
      },
    };
    const stream = createToolCallStream(provider);
    stream.push(chunk(args));
    for (let i = 0; i < 100; i++) assert.is(stream.partial()[0]!.text, '{"a":1}', provider);
    assert.ok(written <= 2, `${provider}: written ${written} times`);
  }
});

work.run();
