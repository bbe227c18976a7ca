// Loop control: stopWhen, prepareStep, a per-tool timeout, a limit on calls at once, cancellation mid-stream
// (the request and the running calls), and the pieces under the streaming loop (server-sent events, errors
// a provider sends, httpChat's requests).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  ToolRegistry,
  runTools,
  streamTools,
  httpChat,
  geminiBody,
  hasToolCall,
  stepCountIs,
  readServerSentEvents,
  usageOf,
  ADAPTERS,
  ProviderError,
  type LoopEvent,
} from "tooltype";
import { fakeProvider, ways } from "../support/fake-provider.js";
import { turnEvents, sse, turnText, type StreamProvider } from "../support/provider-streams.js";
import { RECORDED, REQUESTS, collect, makeTools } from "../support/agent-fixtures.js";

const quiet = { error: () => {}, warn: () => {} };
const over = async (provider: StreamProvider, answers: readonly string[]) => {
  const fake = await fakeProvider(
    provider,
    answers.map((text) => ({ sse: text })),
    "fetch",
  );
  return { fake, chat: httpChat(provider, { baseURL: fake.baseURL, fetch: fake.fetch! }) };
};

// ---- stopWhen, prepareStep ------------------------------------------------------------------------------

const control = suite("loop control: stopWhen and prepareStep");

control("stopWhen: hasToolCall stops after the turn that called it; stepCountIs after n turns", async () => {
  let { fake, chat } = await over("openai", RECORDED.openai);
  const first = await runTools({
    provider: "openai",
    chat,
    request: REQUESTS.openai,
    tools: makeTools().tools,
    stopWhen: hasToolCall("convert_temperature"),
  });
  assert.is(first.finishReason, "stop_when");
  assert.is(fake.requests.length, 2);
  assert.is(
    first.messages.at(-1) && (first.messages.at(-1) as any).role,
    "tool",
    "the calls were answered before stopping",
  );
  ({ fake, chat } = await over("anthropic", RECORDED.anthropic));
  const second = await runTools({
    provider: "anthropic",
    chat,
    request: REQUESTS.anthropic,
    tools: makeTools().tools,
    stopWhen: [() => false, stepCountIs(1)],
  });
  assert.is(second.finishReason, "stop_when");
  assert.is(fake.requests.length, 1);
  assert.throws(() => stepCountIs(0), /count must be a number, 1 or more/);
});

control("stopWhen: a custom predicate sees the turn, the turns so far and the conversation", async () => {
  const { chat } = await over("gemini", RECORDED.gemini);
  const seen: [number, number, number][] = [];
  const out = await runTools({
    provider: "gemini",
    chat,
    request: REQUESTS.gemini,
    tools: makeTools().tools,
    stopWhen: ({ step, steps, messages }) => (
      seen.push([step.step, steps.length, messages.length]), (step.usage?.totalTokens ?? 0) > 10_000
    ),
  });
  assert.is(out.finishReason, "stop");
  assert.equal(
    seen,
    [
      [1, 1, 3],
      [2, 2, 5],
    ],
    "checked after each turn with calls, not after the answer",
  );
});

control(
  "prepareStep: tools, tool choice and request per turn; messages sent instead of the conversation for one turn",
  async () => {
    const { fake, chat } = await over("openai", RECORDED.openai);
    const infos: [number, number, number][] = [];
    const out = await runTools({
      provider: "openai",
      chat,
      request: REQUESTS.openai,
      tools: makeTools().tools,
      toolChoice: "required",
      prepareStep: ({ step, steps, messages, tools }) => {
        infos.push([step, steps.length, tools.length]);
        if (step === 1) return { tools: ["get_weather", "get_time"], request: { temperature: 0 } };
        if (step === 2) return { toolChoice: { name: "convert_temperature" }, messages: messages.slice(-3) };
        return undefined;
      },
    });
    assert.equal(infos, [
      [1, 0, 3],
      [2, 1, 3],
      [3, 2, 3],
    ]);
    const [a, b, c] = fake.requests.map((r) => r.body);
    assert.equal(
      a.tools.map((x: any) => x.function.name),
      ["get_weather", "get_time"],
    );
    assert.is(a.temperature, 0);
    assert.is(a.tool_choice, "required");
    assert.is(b.temperature, undefined, "request settings hold for their turn only");
    assert.equal(b.tool_choice, { type: "function", function: { name: "convert_temperature" } });
    assert.is(b.messages.length, 3, "the turn's own messages");
    assert.is(c.messages.length, 6, "the conversation itself kept growing");
    assert.is(c.tool_choice, "auto", "a forced choice applies to the first turn only");
    assert.is(out.text !== undefined, true);
  },
);

control(
  "prepareStep: a call to a tool left out of the turn is refused with the tools it had; unknown names are an error",
  async () => {
    const { fake, chat } = await over("openai", [RECORDED.openai[0]!, turnText("openai", { text: "ok" }, 2)]);
    const { ran, tools } = makeTools();
    await runTools({
      provider: "openai",
      chat,
      request: REQUESTS.openai,
      tools,
      prepareStep: () => ({ tools: ["get_weather"] }),
    });
    assert.equal(ran, ["get_weather"]);
    assert.match(
      fake.requests[1]!.body.messages.at(-1).content,
      /Unknown tool "get_time"\. Available tools: get_weather\./,
    );
    const { chat: chat2 } = await over("openai", [RECORDED.openai[0]!]);
    const error = await runTools({
      provider: "openai",
      chat: chat2,
      request: REQUESTS.openai,
      tools,
      prepareStep: () => ({ tools: ["nope"] }),
    }).then(
      () => undefined,
      (e: Error) => e,
    );
    assert.match(
      error!.message,
      /prepareStep: no tool named "nope"; the loop has get_weather, get_time, convert_temperature/,
    );
  },
);

// ---- timeouts, concurrency, cancellation ---------------------------------------------------------------

const bounds = suite("loop control: a per-tool timeout, calls at once, cancellation");

const calls = (n: number, name: string) =>
  Array.from({ length: n }, (_, i) => ({ id: `call_${i}`, name, args: `{"n":${i}}` }));

bounds("a tool's own timeout wins over the loop's; its function's signal aborts", async () => {
  const { fake, chat } = await over("openai", [
    turnText("openai", { calls: [...calls(1, "slow"), { id: "call_f", name: "fast", args: '{"n":9}' }] }),
    turnText("openai", { text: "ok" }, 2),
  ]);
  let reason: unknown;
  const slow = tool({
    name: "slow",
    description: "Never finishes by itself.",
    parameters: t.object({ n: t.integer() }),
    timeout: 30,
    logger: quiet,
    execute: (_args, _context, { signal }) =>
      new Promise((resolve) => signal!.addEventListener("abort", () => ((reason = signal!.reason), resolve("late")))),
  });
  const fast = tool({
    name: "fast",
    description: "Quick.",
    parameters: t.object({ n: t.integer() }),
    logger: quiet,
    execute: async () => (await new Promise((r) => setTimeout(r, 60)), "fast"),
  });
  await runTools({ provider: "openai", chat, request: REQUESTS.openai, tools: [slow, fast], timeout: 10_000 });
  const answers = fake.requests[1]!.body.messages.filter((m: any) => m.role === "tool").map((m: any) => m.content);
  assert.equal(answers, ['Tool "slow" timed out after 30 ms.', "fast"]);
  assert.is((reason as Error).name, "TimeoutError");
  assert.throws(
    () => tool({ name: "x", description: "x", parameters: t.object({}), timeout: -1, execute: () => 1 }),
    /timeout must be a number of milliseconds/,
  );
});

bounds("concurrency: at most n calls run at once; results stay in call order", async () => {
  const { fake, chat } = await over("anthropic", [
    turnText("anthropic", { calls: calls(5, "work") }),
    turnText("anthropic", { text: "ok" }, 2),
  ]);
  let running = 0;
  let most = 0;
  const work = tool({
    name: "work",
    description: "Takes a while.",
    parameters: t.object({ n: t.integer() }),
    execute: async ({ n }) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 10 + (5 - n) * 3));
      running--;
      return n;
    },
  });
  // 2.5 counts as 2, as registry.executeAll counts it.
  const out = await runTools({
    provider: "anthropic",
    chat,
    request: REQUESTS.anthropic,
    tools: [work],
    concurrency: 2.5,
  });
  assert.is(most, 2);
  assert.equal(
    out.steps[0]!.results.map((r) => (r.result as any).value),
    [0, 1, 2, 3, 4],
  );
  assert.equal(
    fake.requests[1]!.body.messages[2].content.map((b: any) => b.content),
    ["0", "1", "2", "3", "4"],
  );
  const error = await runTools({
    provider: "anthropic",
    chat,
    request: REQUESTS.anthropic,
    tools: [work],
    concurrency: 0,
  }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(error!.message, /concurrency must be a number of calls, 1 or more/);
});

for (const way of ways()) {
  bounds(
    `abort mid-stream (${way}): the iteration rejects with the signal's reason and the connection closes`,
    async () => {
      for (const provider of ["openai", "responses", "anthropic", "gemini"] as StreamProvider[]) {
        const events = turnEvents(provider, {
          text: "Thinking about it",
          calls: [{ id: "call_1", name: "get_weather", args: '{"location":"Paris, France"}' }],
        });
        const half = sse(events.slice(0, Math.ceil(events.length / 2)), provider === "gemini");
        const fake = await fakeProvider(provider, [{ sse: half, hang: true }], way);
        try {
          const controller = new AbortController();
          const seen: LoopEvent["type"][] = [];
          const run = (async () => {
            for await (const event of streamTools({
              provider,
              chat: httpChat(provider, { baseURL: fake.baseURL, ...(fake.fetch && { fetch: fake.fetch }) }),
              request: REQUESTS[provider],
              tools: makeTools().tools,
              signal: controller.signal,
            })) {
              seen.push(event.type);
              if (event.type === "text-delta") controller.abort();
            }
          })();
          const error = await run.then(
            () => undefined,
            (e: Error) => e,
          );
          assert.ok(error, `${provider}: the stream should have been stopped`);
          assert.is(error!.name, "AbortError", `${provider}: ${error}`);
          assert.not.ok(seen.includes("tool-call"), "nothing past the abort");
          for (let i = 0; i < 100 && fake.open > 0; i++) await new Promise((r) => setTimeout(r, 10));
          assert.is(fake.open, 0, `${provider}: the response stream was closed`);
        } finally {
          await fake.close();
        }
      }
    },
  );
}

bounds("abort while tools run: their signals abort, the run rejects, no further request is sent", async () => {
  const { fake, chat } = await over("responses", [
    turnText("responses", { calls: calls(2, "wait") }),
    turnText("responses", { text: "never" }, 2),
  ]);
  const controller = new AbortController();
  const aborted: number[] = [];
  const wait = tool({
    name: "wait",
    description: "Waits for its signal.",
    parameters: t.object({ n: t.integer() }),
    execute: ({ n }, _c, { signal }) => {
      setTimeout(() => controller.abort(), 5);
      return new Promise((resolve) => signal!.addEventListener("abort", () => (aborted.push(n), resolve("stopped"))));
    },
  });
  const error = await runTools({
    provider: "responses",
    chat,
    request: REQUESTS.responses,
    tools: [wait],
    signal: controller.signal,
  }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.is(error!.name, "AbortError");
  assert.equal(aborted.sort(), [0, 1]);
  assert.is(fake.requests.length, 1);
});

bounds("breaking out of streamTools stops reading the response", async () => {
  const fake = await fakeProvider(
    "anthropic",
    [{ sse: turnText("anthropic", { text: "a long answer ".repeat(50) }), hang: true }],
    "fetch",
  );
  for await (const event of streamTools({
    provider: "anthropic",
    chat: httpChat("anthropic", { baseURL: fake.baseURL, fetch: fake.fetch! }),
    request: REQUESTS.anthropic,
    tools: [],
  })) {
    if (event.type === "text-delta") break;
  }
  for (let i = 0; i < 50 && fake.open > 0; i++) await new Promise((r) => setTimeout(r, 10));
  assert.is(fake.open, 0);
});

// ---- the pieces ------------------------------------------------------------------------------------------

const pieces = suite("under the streaming loop: server-sent events, provider errors, httpChat, usage");

const bytes = (...parts: string[]) => {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
};
const read = async (stream: ReadableStream<Uint8Array>) => {
  const out: [string | undefined, string][] = [];
  for await (const e of readServerSentEvents(stream)) out.push([e.event, e.data]);
  return out;
};

pieces(
  "server-sent events: CRLF, CR and LF; lines cut anywhere (a CRLF split too); comments; multi-line data; no final blank line",
  async () => {
    assert.equal(
      await read(bytes("event: a\r\ndata: 1\r", "\n\r\n: comment\n\ndata: x\ndata:y\n", "\nid: 7\rdata: last")),
      [
        ["a", "1"],
        [undefined, "x\ny"],
        [undefined, "last"],
      ],
    );
    const text = sse([{ event: "e", data: { a: "é😀" } }]);
    const encoded = new TextEncoder().encode(text);
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < encoded.length; i++) controller.enqueue(encoded.slice(i, i + 1)); // multi-byte characters cut in half
        controller.close();
      },
    });
    assert.equal(await read(split), [["e", '{"a":"é😀"}']]);
  },
);

pieces("a large event arriving in many small reads is joined once (linear)", async () => {
  const big = "x".repeat(2_000_000);
  const parts: string[] = ["data: "];
  for (let i = 0; i < big.length; i += 1000) parts.push(big.slice(i, i + 1000));
  parts.push("\n\n");
  const [[, data]] = (await read(bytes(...parts))) as [[undefined, string]];
  assert.is(data.length, 2_000_000);
  // Joining each read again would be quadratic (2,000 x 2 MB): that never finishes, and the runtime's timeout says so.
});

pieces("HTTP errors and error events are ProviderErrors with the status and the provider's message", async () => {
  const fake = await fakeProvider(
    "openai",
    [{ json: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } }, status: 401 }],
    "fetch",
  );
  const error = await runTools({
    provider: "openai",
    chat: httpChat("openai", { baseURL: fake.baseURL, fetch: fake.fetch! }),
    request: REQUESTS.openai,
    tools: [],
  }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.instance(error, ProviderError);
  assert.is((error as ProviderError).status, 401);
  assert.match(error!.message, /openai answered 401.*Incorrect API key provided/);
  const overloaded = sse([
    { event: "message_start", data: { type: "message_start", message: { content: [] } } },
    { event: "error", data: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } } },
  ]);
  const fake2 = await fakeProvider("anthropic", [{ sse: overloaded }], "fetch");
  const error2 = await collect(
    streamTools({
      provider: "anthropic",
      chat: httpChat("anthropic", { baseURL: fake2.baseURL, fetch: fake2.fetch! }),
      request: REQUESTS.anthropic,
      tools: [],
    }),
  ).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.instance(error2, ProviderError);
  assert.match(error2!.message, /anthropic sent an error: Overloaded/);
  const failed = sse([
    {
      event: "response.failed",
      data: { type: "response.failed", response: { error: { code: "server_error", message: "The model failed" } } },
    },
  ]);
  const fake3 = await fakeProvider("responses", [{ sse: failed }], "fetch");
  const error3 = await collect(
    streamTools({
      provider: "responses",
      chat: httpChat("responses", { baseURL: fake3.baseURL, fetch: fake3.fetch! }),
      request: REQUESTS.responses,
      tools: [],
    }),
  ).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(error3!.message, /responses sent an error: the response failed: The model failed/);
  const fake4 = await fakeProvider("openai", [{ sse: "data: {not json\n\n" }], "fetch");
  const error4 = await collect(
    streamTools({
      provider: "openai",
      chat: httpChat("openai", { baseURL: fake4.baseURL, fetch: fake4.fetch! }),
      request: REQUESTS.openai,
      tools: [],
    }),
  ).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(error4!.message, /openai sent a stream event that is not JSON: /);
});

pieces(
  "hostile stream indexes (a block or output index of 4 billion) cannot make the assembly allocate or crawl",
  async () => {
    const events = [
      {
        event: "message_start",
        data: { type: "message_start", message: { id: "m", content: [], usage: { input_tokens: 1 } } },
      },
      {
        event: "content_block_start",
        data: { type: "content_block_start", index: 4294967294, content_block: { type: "text", text: "" } },
      },
      {
        event: "content_block_delta",
        data: { type: "content_block_delta", index: 4294967294, delta: { type: "text_delta", text: "still fine" } },
      },
      { event: "message_stop", data: { type: "message_stop" } },
    ];
    const fake = await fakeProvider("anthropic", [{ sse: sse(events) }], "fetch");
    const out = await runTools({
      provider: "anthropic",
      chat: httpChat("anthropic", { baseURL: fake.baseURL, fetch: fake.fetch! }),
      request: REQUESTS.anthropic,
      tools: [],
    });
    assert.is(out.text, "still fine");
    const items = [
      {
        event: "response.output_item.added",
        data: {
          type: "response.output_item.added",
          output_index: 1e12,
          item: { type: "function_call", id: "fc", call_id: "c", name: "nope", arguments: "" },
        },
      },
      {
        event: "response.function_call_arguments.delta",
        data: { type: "response.function_call_arguments.delta", output_index: 1e12, delta: "{}" },
      },
    ];
    const fake2 = await fakeProvider(
      "responses",
      [{ sse: sse(items) }, { sse: turnText("responses", { text: "ok" }, 2) }],
      "fetch",
    );
    const second = await runTools({
      provider: "responses",
      chat: httpChat("responses", { baseURL: fake2.baseURL, fetch: fake2.fetch! }),
      request: REQUESTS.responses,
      tools: [],
    });
    assert.is(second.text, "ok");
    assert.match(fake2.requests[1]!.body.input.at(-1).output, /Unknown tool "nope"/);
  },
);

pieces("streamTools refuses an adapter without a stream reader; runTools refuses a stream it cannot read", async () => {
  const plain = { ...ADAPTERS.bedrock, stream: undefined };
  const error = await collect(streamTools({ provider: plain, chat: () => ({}), request: {}, tools: [] })).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(error!.message, /streamTools: the bedrock adapter has no stream reader \(stream\); use runTools/);
  const refused = await runTools({
    provider: plain,
    chat: () => new Response("[]", { headers: { "content-type": "application/json" } }),
    request: {},
    tools: [],
  }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(refused!.message, /runTools: chat returned a stream, and the bedrock adapter has no stream reader/);
});

pieces("httpChat: Gemini requests in the SDK's shape become the REST body; bad input is a clear error", () => {
  assert.equal(
    geminiBody({
      model: "gemini-2.5-flash",
      contents: "Hi",
      config: {
        temperature: 0,
        systemInstruction: "Be brief",
        tools: [{ functionDeclarations: [] }],
        toolConfig: { functionCallingConfig: { mode: "ANY" } },
        abortSignal: {},
      },
    }),
    {
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      tools: [{ functionDeclarations: [] }],
      toolConfig: { functionCallingConfig: { mode: "ANY" } },
      systemInstruction: { parts: [{ text: "Be brief" }] },
      generationConfig: { temperature: 0 },
    },
  );
  assert.throws(
    () => httpChat("mcp" as never),
    /httpChat: provider must be one of openai, responses, anthropic, gemini, bedrock, mistral, ollama, cohere, received "mcp"/,
  );
  assert.throws(() => httpChat("gemini")({ contents: [] }), /a Gemini request needs a model/);
});

pieces("usageOf: every core provider's spelling, cache tokens counted as input, thoughts as output", () => {
  assert.equal(usageOf({ usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } })?.totalTokens, 7);
  assert.equal(
    usageOf({
      usage: { input_tokens: 10, cache_read_input_tokens: 90, cache_creation_input_tokens: 5, output_tokens: 2 },
    }),
    {
      inputTokens: 105,
      outputTokens: 2,
      totalTokens: 107,
      raw: { input_tokens: 10, cache_read_input_tokens: 90, cache_creation_input_tokens: 5, output_tokens: 2 },
    },
  );
  assert.equal(
    usageOf({
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 6, thoughtsTokenCount: 7, totalTokenCount: 18 },
    })?.outputTokens,
    13,
  );
  assert.is(usageOf({}), undefined);
});

control("a tool name both in registry and in tools is refused, never one silently replacing the other", async () => {
  const local = tool({
    name: "delete_file",
    description: "Deletes a file (asks first).",
    parameters: t.object({ path: t.string() }),
    needsApproval: true,
    execute: () => "deleted",
  });
  const remote = tool({
    name: "delete_file",
    description: "A server's delete.",
    parameters: t.object({ path: t.string() }),
    execute: () => "deleted remotely",
  });
  let asked = 0;
  const chat = async () => (
    asked++, { choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }] }
  );
  const thrown = await runTools({
    provider: "openai",
    chat,
    request: { model: "m", messages: [] },
    registry: new ToolRegistry().register(local),
    tools: [remote],
  }).then(
    () => null,
    (error: Error) => error,
  );
  assert.match(String(thrown?.message), /"delete_file" is both in registry and in tools/);
  assert.is(asked, 0, "refused before any request");
  const twice = await runTools({
    provider: "openai",
    chat,
    request: { model: "m", messages: [] },
    tools: [local, remote],
  }).then(
    () => null,
    (error: Error) => error,
  );
  assert.match(String(twice?.message), /a tool named "delete_file" is already registered/);
});

control.run();
bounds.run();
pieces.run();
