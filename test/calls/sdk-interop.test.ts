// Interop with the official SDKs: `openai` (Chat Completions and Responses), `@anthropic-ai/sdk` and
// `@modelcontextprotocol/sdk`. The model side is a replay of hand-written API traffic (test/fixtures/sdk/),
// reached through the SDK's `fetch` option in every runtime and, in Node, through a real HTTP server on
// 127.0.0.1 as the SDK's `baseURL`. What the SDK sent is checked, not only what tooltype returned.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  CallToolRequestSchema,
  CreateMessageRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type CreateMessageRequest,
} from "@modelcontextprotocol/sdk/types.js";
import {
  t,
  tool,
  ToolRegistry,
  runTools,
  createToolCallStream,
  parseToolCalls,
  mcpHandlers,
  mcpValidator,
  type ToolCall,
  type PartialToolCall,
} from "tooltype";
import { inNode, replayFetch, replayServer, type Received, type Recorded } from "../support/replay.js";
import * as chat from "../fixtures/sdk/openai-chat"; // no extension: test/fixtures/**/*.js are loaded unbundled
import * as resp from "../fixtures/sdk/responses"; // no extension: test/fixtures/**/*.js are loaded unbundled
import * as claude from "../fixtures/sdk/anthropic"; // no extension: test/fixtures/**/*.js are loaded unbundled
import * as sampling from "../fixtures/sdk/mcp"; // no extension: test/fixtures/**/*.js are loaded unbundled

// ---- the tools --------------------------------------------------------------------------------------------

const quiet = { error: () => {}, warn: () => {} };
const weather = tool({
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: t.object({
    location: t.string({ description: "City and country" }),
    unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
  }),
  returns: t.object({ location: t.string(), temperature: t.number(), unit: t.enum(["celsius", "fahrenheit"]) }),
  execute: ({ location, unit }) => ({ location, temperature: unit === "celsius" ? 21 : 70, unit }),
});
const time = tool({
  name: "get_time",
  description: "Local time in a city, as HH:MM.",
  parameters: t.object({ city: t.string() }),
  execute: ({ city }) => `12:00 in ${city}`,
});
const registry = new ToolRegistry({ logger: quiet }).register(weather, time);

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const errorOf = async (name: string, args: unknown) => {
  const result = await registry.execute(name, args);
  assert.is(result.success, false, `${name} should fail on ${JSON.stringify(args)}`);
  return (result as Extract<ToolResult, { success: false }>).error;
};

// ---- the two ways to the replay --------------------------------------------------------------------------

type Way = "fetch" | "http";
const WAYS: readonly Way[] = ["fetch", "http"];
/** The suite's test function for `way`: tests over HTTP are reported skipped outside Node (no server there). */
const over = <S extends { skip: unknown }>(s: S, way: Way): S => (way === "http" && !inNode() ? (s.skip as S) : s);
const label = (way: Way) => (way === "fetch" ? "through the SDK's fetch option" : "over HTTP to 127.0.0.1 (Node only)");

interface Wire {
  readonly requests: Received[];
  readonly remaining: number;
  readonly options: { baseURL: string; fetch?: ReplayFetchFn };
  close(): Promise<void>;
}
type ReplayFetchFn = ReturnType<typeof replayFetch>["fetch"];

/** The replay, and the client options that reach it; undefined for "http" outside Node. */
async function wire(way: Way, recorded: readonly Recorded[], api: "openai" | "anthropic"): Promise<Wire | undefined> {
  const path = api === "openai" ? "/v1" : "";
  if (way === "fetch") {
    const replay = replayFetch(recorded);
    const origin = api === "openai" ? "https://api.openai.com" : "https://api.anthropic.com";
    return {
      requests: replay.requests,
      get remaining() {
        return replay.remaining;
      },
      options: { baseURL: origin + path, fetch: replay.fetch },
      close: async () => {},
    };
  }
  const server = await replayServer(recorded);
  if (!server) return undefined;
  return {
    requests: server.requests,
    get remaining() {
      return server.remaining;
    },
    options: { baseURL: server.origin + path },
    close: () => server.close(),
  };
}

// maxRetries 0: a replay that runs dry must fail at once; the browser flag: the Chromium runs are tests.
const openai = (w: Wire) => new OpenAI({ apiKey: "test", maxRetries: 0, dangerouslyAllowBrowser: true, ...w.options });
const anthropic = (w: Wire) =>
  new Anthropic({ apiKey: "test", maxRetries: 0, dangerouslyAllowBrowser: true, ...w.options });

/** Runs `body` with the replay, closing it after (tests over "http" are skipped outside Node). */
async function withWire(
  way: Way,
  recorded: readonly Recorded[],
  api: "openai" | "anthropic",
  body: (w: Wire) => Promise<void>,
) {
  const w = await wire(way, recorded, api);
  if (!w) throw new Error(`no way ${way} in this runtime: the test should have been skipped`);
  try {
    await body(w);
  } finally {
    await w.close();
  }
}

// ---- runTools with each SDK's own method as `chat` -------------------------------------------------------

const loop = suite("runTools driving the real SDK clients: two parallel calls (one bad), then the answer");

for (const way of WAYS) {
  over(loop, way)(`openai chat.completions.create, ${label(way)}`, () =>
    withWire(way, chat.recording, "openai", async (w) => {
      const client = openai(w);
      const result = await runTools({
        provider: "openai",
        chat: (request) => client.chat.completions.create(request),
        request: {
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: chat.QUESTION }],
          temperature: 0,
        } satisfies OpenAI.ChatCompletionCreateParamsNonStreaming,
        registry,
        toolChoice: "required",
        parallelToolCalls: true,
      });

      assert.is(w.requests.length, 2);
      assert.is(w.remaining, 0);
      const [first, second] = w.requests as [Received, Received];
      for (const r of [first, second]) {
        assert.is(r.method, "POST");
        assert.is(r.path, "/v1/chat/completions");
        assert.is(r.headers.authorization, "Bearer test");
        assert.equal(r.body.tools, json(registry.toOpenAIFormat()));
        assert.is(r.body.parallel_tool_calls, true);
        assert.is(r.body.model, "gpt-4o-mini");
        assert.is(r.body.temperature, 0);
      }
      assert.is(first.body.tools[0].type, "function");
      assert.is(first.body.tools[0].function.name, "get_weather");
      assert.is(first.body.tool_choice, "required");
      assert.is(second.body.tool_choice, "auto", "a required choice applies to the first turn only");
      assert.equal(first.body.messages, [{ role: "user", content: chat.QUESTION }]);

      // Seed 002: the assistant message with its tool_calls, then one tool message per call, in order.
      const [good, bad] = chat.toolCalls.choices[0]!.message.tool_calls;
      const error = await errorOf("get_time", { timezone: "Asia/Tokyo" });
      assert.match(error, /Invalid arguments for tool "get_time"/);
      assert.match(error, /city/);
      assert.equal(second.body.messages, [
        { role: "user", content: chat.QUESTION },
        { role: "assistant", content: null, tool_calls: [good, bad] },
        {
          role: "tool",
          tool_call_id: good!.id,
          content: JSON.stringify({ location: "Paris, France", temperature: 21, unit: "celsius" }),
        },
        { role: "tool", tool_call_id: bad!.id, content: error },
      ]);

      assert.is(result.text, chat.FINAL_TEXT);
      assert.is(result.finishReason, "stop");
      assert.is(result.steps.length, 2);
      assert.equal(result.steps[0]!.calls, [
        { id: good!.id, name: "get_weather", arguments: { location: "Paris, France", unit: "celsius" } },
        { id: bad!.id, name: "get_time", arguments: { timezone: "Asia/Tokyo" } },
      ]);
      assert.equal(json(result.messages), [...second.body.messages, { role: "assistant", content: chat.FINAL_TEXT }]);
    }),
  );

  over(loop, way)(`openai responses.create, ${label(way)}`, () =>
    withWire(way, resp.recording, "openai", async (w) => {
      const client = openai(w);
      const result = await runTools({
        provider: "responses",
        chat: (request) => client.responses.create(request),
        request: {
          model: "gpt-4.1-mini",
          input: [{ role: "user", content: resp.QUESTION }],
        } satisfies OpenAI.Responses.ResponseCreateParamsNonStreaming,
        registry,
        toolChoice: "auto",
        parallelToolCalls: true,
        strict: true,
      });

      assert.is(w.requests.length, 2);
      const [first, second] = w.requests as [Received, Received];
      for (const r of [first, second]) {
        assert.is(r.path, "/v1/responses");
        assert.equal(r.body.tools, json(registry.toResponsesFormat(undefined, { strict: true })));
        assert.is(r.body.tool_choice, "auto");
        assert.is(r.body.parallel_tool_calls, true);
      }
      // Responses tools are flat; strict ones closed and fully required.
      const [tool0] = first.body.tools;
      assert.equal(Object.keys(tool0).sort(), ["description", "name", "parameters", "strict", "type"]);
      assert.is(tool0.strict, true);
      assert.is(tool0.parameters.additionalProperties, false);
      assert.equal(tool0.parameters.required, ["location", "unit"]);
      assert.equal(first.body.input, [{ role: "user", content: resp.QUESTION }]);

      // The function_call items as they came, then one function_call_output per call.
      const [good, unknown] = resp.toolCalls.output;
      const error = await errorOf("get_forecast", {});
      assert.match(error, /^Unknown tool "get_forecast"\. Available tools: get_weather, get_time\.$/);
      assert.equal(second.body.input, [
        { role: "user", content: resp.QUESTION },
        good,
        unknown,
        {
          type: "function_call_output",
          call_id: good!.call_id,
          output: JSON.stringify({ location: "Oslo, Norway", temperature: 21, unit: "celsius" }),
        },
        { type: "function_call_output", call_id: unknown!.call_id, output: error },
      ]);

      assert.is(result.text, resp.FINAL_TEXT);
      assert.is(result.finishReason, "stop");
      assert.equal(
        result.steps[0]!.results.map((r) => [r.id, r.name, r.result.success]),
        [
          [good!.call_id, "get_weather", true],
          [unknown!.call_id, "get_forecast", false],
        ],
      );
    }),
  );

  over(loop, way)(`anthropic messages.create, ${label(way)}`, () =>
    withWire(way, claude.recording, "anthropic", async (w) => {
      const client = anthropic(w);
      const result = await runTools({
        provider: "anthropic",
        chat: (request) => client.messages.create(request),
        request: {
          model: "claude-sonnet-5-5",
          max_tokens: 1024,
          messages: [{ role: "user", content: claude.QUESTION }],
        } satisfies Anthropic.MessageCreateParamsNonStreaming,
        registry,
        toolChoice: "required",
      });

      assert.is(w.requests.length, 2);
      const [first, second] = w.requests as [Received, Received];
      for (const r of [first, second]) {
        assert.is(r.path, "/v1/messages");
        // SDK 1.12 sends the API key as a bearer token (older versions: x-api-key).
        assert.is(r.headers["x-api-key"] ?? r.headers.authorization?.replace(/^Bearer /, ""), "test");
        assert.ok(r.headers["anthropic-version"], "the SDK sends its API version");
        assert.equal(r.body.tools, json(registry.toAnthropicFormat()));
        assert.is(r.body.max_tokens, 1024);
      }
      assert.equal(Object.keys(first.body.tools[0]).sort(), ["description", "input_schema", "name"]);
      assert.equal(first.body.tool_choice, { type: "any" }, "required is Anthropic's any; parallel use stays allowed");
      assert.equal(second.body.tool_choice, { type: "auto" });

      // The assistant turn as it came, then ONE user message of tool_result blocks, is_error on the failure.
      const [, good, bad] = claude.toolCalls.content as [unknown, { id: string }, { id: string }];
      const error = await errorOf("get_weather", { location: "Tokyo, Japan", unit: "kelvin" });
      assert.match(error, /- at \/unit: /);
      assert.equal(second.body.messages, [
        { role: "user", content: claude.QUESTION },
        { role: "assistant", content: claude.toolCalls.content },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: good.id,
              content: JSON.stringify({ location: "Lisbon, Portugal", temperature: 21, unit: "celsius" }),
            },
            { type: "tool_result", tool_use_id: bad.id, content: error, is_error: true },
          ],
        },
      ]);

      assert.is(result.text, claude.FINAL_TEXT);
      assert.is(result.finishReason, "stop");
      assert.is(result.steps.length, 2);
    }),
  );
}

loop("request options in each provider's spelling: a named tool, no parallel calls, strict", async () => {
  const one = <T>(value: T, f: (v: T) => void) => (f(value), value);
  // The first turn calls one tool (a named choice forbids more), the second answers.
  const chatOne = one(structuredClone(chat.toolCalls), (r) => r.choices[0]!.message.tool_calls.splice(1));
  const respOne = one(structuredClone(resp.toolCalls), (r) => r.output.splice(1));
  const claudeOne = one(structuredClone(claude.toolCalls), (r) => r.content.splice(2));
  const options = { toolChoice: { name: "get_weather" }, parallelToolCalls: false, strict: true, registry } as const;

  await withWire("fetch", [{ json: chatOne }, { json: chat.finalAnswer }], "openai", async (w) => {
    const client = openai(w);
    const request = {
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: chat.QUESTION }],
    } satisfies OpenAI.ChatCompletionCreateParamsNonStreaming;
    const result = await runTools({
      provider: "openai",
      chat: (r) => client.chat.completions.create(r),
      request,
      ...options,
    });
    assert.is(result.text, chat.FINAL_TEXT);
    const [first, second] = w.requests as [Received, Received];
    assert.equal(first.body.tool_choice, { type: "function", function: { name: "get_weather" } });
    assert.is(second.body.tool_choice, "auto");
    for (const r of [first, second]) {
      assert.is(r.body.parallel_tool_calls, false);
      assert.equal(r.body.tools, json(registry.toOpenAIFormat(undefined, { strict: true })));
      assert.is(r.body.tools[0].function.strict, true);
      assert.is(r.body.tools[0].function.parameters.additionalProperties, false);
    }
  });

  await withWire("fetch", [{ json: respOne }, { json: resp.finalAnswer }], "openai", async (w) => {
    const client = openai(w);
    const request = {
      model: "gpt-4.1-mini",
      input: resp.QUESTION,
    } satisfies OpenAI.Responses.ResponseCreateParamsNonStreaming;
    const result = await runTools({
      provider: "responses",
      chat: (r) => client.responses.create(r),
      request,
      ...options,
    });
    assert.is(result.text, resp.FINAL_TEXT);
    const [first, second] = w.requests as [Received, Received];
    assert.equal(first.body.tool_choice, { type: "function", name: "get_weather" });
    assert.is(second.body.tool_choice, "auto");
    for (const r of [first, second]) assert.is(r.body.parallel_tool_calls, false);
    assert.is(first.body.tools[0].strict, true);
    // A string input is one user message: the conversation is a list starting with it.
    assert.equal(first.body.input, [{ role: "user", content: resp.QUESTION }]);
    assert.equal(second.body.input, [
      { role: "user", content: resp.QUESTION },
      respOne.output[0],
      {
        type: "function_call_output",
        call_id: respOne.output[0]!.call_id,
        output: JSON.stringify({ location: "Oslo, Norway", temperature: 21, unit: "celsius" }),
      },
    ]);
  });

  await withWire("fetch", [{ json: claudeOne }, { json: claude.finalAnswer }], "anthropic", async (w) => {
    const client = anthropic(w);
    const request = {
      model: "claude-sonnet-5-5",
      max_tokens: 512,
      messages: [{ role: "user", content: claude.QUESTION }],
    } satisfies Anthropic.MessageCreateParamsNonStreaming;
    const result = await runTools({
      provider: "anthropic",
      chat: (r) => client.messages.create(r),
      request,
      ...options,
    });
    assert.is(result.text, claude.FINAL_TEXT);
    const [first, second] = w.requests as [Received, Received];
    assert.equal(first.body.tool_choice, { type: "tool", name: "get_weather", disable_parallel_tool_use: true });
    assert.equal(second.body.tool_choice, { type: "auto", disable_parallel_tool_use: true });
    assert.equal(first.body.tools, json(registry.toAnthropicFormat(undefined, { strict: true })));
    assert.is(first.body.tools[0].strict, true);
  });
});

loop.run();

// ---- streams: the SDK's own helpers and createToolCallStream, fed the same events ------------------------

const streams = suite("streaming: the SDK's stream helper and createToolCallStream agree");

const view = (calls: readonly PartialToolCall[]) => calls.map((c) => ({ id: c.id, name: c.name, text: c.text }));

for (const way of WAYS) {
  over(streams, way)(`openai chat.completions.stream + finalChatCompletion(), ${label(way)}`, () =>
    withWire(way, [{ sse: chat.toolCallsStream }], "openai", async (w) => {
      const client = openai(w);
      const stream = client.chat.completions.stream({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: chat.QUESTION }],
        tools: registry.toOpenAIFormat(undefined, { strict: true }),
        parallel_tool_calls: true,
        stream_options: { include_usage: true },
      });
      // Chunk by chunk: ours, fed in the SDK's "chunk" event, against the SDK's snapshot at that moment.
      const live = createToolCallStream("openai");
      const progress: { ours: unknown; sdk: unknown }[] = [];
      // Strict tools: the SDK also parses the partial arguments (parsed_arguments); ours must agree.
      stream.on("chunk", (chunk, snapshot) => {
        live.push(chunk);
        type Snapshot = { id: string; function: { name: string; arguments: string; parsed_arguments?: unknown } };
        const calls = (snapshot.choices[0]?.message.tool_calls ?? []) as Snapshot[];
        const sdk = calls.map((c) => ({ id: c.id, name: c.function.name, text: c.function.arguments }));
        progress.push({ ours: view(live.partial()), sdk: json(sdk) });
        calls.forEach((c, i) => {
          const parsed = c.function.parsed_arguments;
          if (parsed !== undefined) progress.push({ ours: json(live.partial()[i]?.arguments), sdk: json(parsed) });
        });
      });
      // And every chunk the SDK's iterator yields, into a second stream.
      const ours = createToolCallStream("openai");
      let chunks = 0;
      for await (const chunk of stream) {
        ours.push(chunk);
        chunks++;
      }
      const final = await stream.finalChatCompletion();

      assert.is(chunks, chat.toolCallsStream.length - 1, "every chunk but [DONE] reached the iterator");
      assert.is(w.requests[0]!.body.stream, true);
      const message = final.choices[0]!.message;
      assert.is(final.choices[0]!.finish_reason, "tool_calls");
      const sdkCalls: ToolCall[] = (message.tool_calls ?? []).map((c) => {
        assert.is(c.type, "function");
        const fn = (c as OpenAI.ChatCompletionMessageFunctionToolCall).function as {
          name: string;
          arguments: string;
          parsed_arguments?: unknown;
        };
        // Strict tools: the SDK parses the arguments itself; they must equal the text's JSON.
        assert.equal(fn.parsed_arguments, JSON.parse(fn.arguments));
        return { id: c.id, name: fn.name, arguments: JSON.parse(fn.arguments) };
      });
      assert.equal(sdkCalls, [
        {
          id: "call_Qb3ZyJm5s1VxKc8R2nTf0a7D",
          name: "get_weather",
          arguments: { location: "Paris, France", unit: "celsius" },
        },
        { id: "call_H4uN9dWq2LcE6pYt1mXb8sKo", name: "get_time", arguments: { city: 'Tokyo "東京"' } },
      ]);
      assert.equal(ours.calls(), sdkCalls);
      assert.equal(live.calls(), sdkCalls);
      assert.equal(parseToolCalls(final, "openai"), sdkCalls, "the helper's final completion parses like a plain one");
      assert.ok(progress.length > chunks, "the SDK parsed partial arguments too");
      for (const [i, step] of progress.entries()) assert.equal(step.ours, step.sdk, `after chunk ${i}`);
      assert.ok(ours.partial().every((c) => c.done));
    }),
  );

  over(streams, way)(`openai responses.stream + finalResponse(), ${label(way)}`, () =>
    withWire(way, [{ sse: resp.toolCallsStream() }], "openai", async (w) => {
      const client = openai(w);
      const stream = client.responses.stream({
        model: "gpt-4.1-mini",
        input: resp.QUESTION,
        tools: registry.toResponsesFormat(),
      });
      // Each arguments delta event carries the SDK's accumulated text: ours must have the same.
      const live = createToolCallStream("responses");
      const progress: { ours: unknown; sdk: unknown }[] = [];
      stream.on("event", (event) => live.push(event));
      stream.on("response.function_call_arguments.delta", (event) => {
        progress.push({ ours: live.partial()[event.output_index]?.text, sdk: event.snapshot });
      });
      const ours = createToolCallStream("responses");
      let events = 0;
      for await (const event of stream) {
        ours.push(event);
        events++;
      }
      const final = await stream.finalResponse();

      assert.is(events, resp.toolCallsStream().length);
      assert.is(w.requests[0]!.body.stream, true);
      const sdkCalls: ToolCall[] = final.output.flatMap((item) =>
        item.type === "function_call"
          ? [{ id: item.call_id, name: item.name, arguments: JSON.parse(item.arguments) }]
          : [],
      );
      assert.equal(sdkCalls, [
        {
          id: "call_Wm4Xq7Lc2Vb9Nz1Ty6Rk3Pd8",
          name: "get_weather",
          arguments: { location: "Oslo, Norway", unit: "celsius" },
        },
        { id: "call_Jt5Hs2Gf8Kd1Ms7Qa4Zx9Cv0", name: "get_forecast", arguments: { location: "Oslo, Norway", days: 1 } },
      ]);
      assert.equal(ours.calls(), sdkCalls);
      assert.equal(live.calls(), sdkCalls);
      assert.equal(parseToolCalls(final, "responses"), sdkCalls);
      assert.is(progress.length, 8);
      for (const [i, step] of progress.entries()) assert.is(step.ours, step.sdk, `after delta ${i}`);
    }),
  );

  over(streams, way)(`anthropic messages.stream + finalMessage(), ${label(way)}`, () =>
    withWire(way, [{ sse: claude.toolCallsStream() }], "anthropic", async (w) => {
      const client = anthropic(w);
      const stream = client.messages.stream({
        model: "claude-sonnet-5-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: claude.QUESTION }],
        tools: registry.toAnthropicFormat(),
      });
      // Event by event: the SDK keeps each tool_use block's raw JSON text; ours must hold the same text.
      const live = createToolCallStream("anthropic");
      const progress: { ours: unknown; sdk: unknown }[] = [];
      // Its partial parse of the input leaves out a string still streaming ({"location": "Lis" is {}),
      // where ours shows the prefix: every property the SDK has, ours has too, with the same value.
      const partialInputs: { ours: Record<string, unknown>; sdk: Record<string, unknown> }[] = [];
      stream.on("streamEvent", (event, snapshot) => {
        live.push(event);
        const blocks = snapshot.content.filter((b) => b.type === "tool_use");
        const sdk = blocks.map((b) => ({
          id: b.id,
          name: b.name,
          text: (b as { __json_buf?: string }).__json_buf ?? "",
        }));
        progress.push({ ours: view(live.partial()), sdk });
        blocks.forEach(
          (b, i) =>
            void partialInputs.push({
              ours: json(live.partial()[i]?.arguments) as Record<string, unknown>,
              sdk: json(b.input) as Record<string, unknown>,
            }),
        );
      });
      const ours = createToolCallStream("anthropic");
      let events = 0;
      for await (const event of stream) {
        ours.push(event);
        events++;
      }
      const final = await stream.finalMessage();

      // The iterator yields every event but the pings.
      assert.is(events, claude.toolCallsStream().filter((e) => e.event !== "ping").length);
      assert.is(w.requests[0]!.body.stream, true);
      assert.is(final.stop_reason, "tool_use");
      const sdkCalls: ToolCall[] = final.content.flatMap((b) =>
        b.type === "tool_use" ? [{ id: b.id, name: b.name, arguments: b.input }] : [],
      );
      assert.equal(sdkCalls, [
        {
          id: "toolu_01A9kq2WbXc7Lm3Nf5Rt8YzE",
          name: "get_weather",
          arguments: { location: "Lisbon, Portugal", unit: "celsius" },
        },
        {
          id: "toolu_01Hs6Vd4Pq9Jw2Ke7Bn1XcMa",
          name: "get_weather",
          arguments: { location: "Tokyo, Japan", unit: "kelvin" },
        },
      ]);
      assert.equal(ours.calls(), sdkCalls);
      assert.equal(live.calls(), sdkCalls);
      assert.equal(parseToolCalls(final, "anthropic"), sdkCalls);
      assert.is(progress.length, events);
      for (const [i, step] of progress.entries()) assert.equal(step.ours, step.sdk, `after event ${i}`);
      assert.ok(partialInputs.length > 8);
      for (const { ours: mine, sdk } of partialInputs)
        for (const [key, value] of Object.entries(sdk)) assert.equal(mine[key], value);
      assert.ok(
        partialInputs.some(({ ours: mine, sdk }) => typeof mine.location === "string" && sdk.location === undefined),
        "ours shows a string while it streams",
      );
      assert.ok(ours.partial().every((c) => c.done));
      // The final message goes straight back into a conversation, as runTools would send it.
      assert.equal(json(final.content), claude.toolCalls.content);
    }),
  );
}

streams.run();

// ---- MCP: a ToolRegistry served through the MCP SDK's Server, called through its Client ------------------

const mcp = suite("MCP: a ToolRegistry behind the SDK's Server, called through its Client (in-memory transport)");

/**
 * The MCP SDK's `jsonSchemaValidator`, on tooltype's guards. The SDK's default (Ajv) generates code, so
 * under a CSP or `node --disallow-code-generation-from-strings` the Client fails from `listTools` on
 * (it compiles the output schemas there); the guards fall back to their interpreter.
 */
const validated: string[] = [];
// The library's validator, counting what it checks so the test can see the Client used it.
const guardValidator = {
  getValidator<T>(schema: object) {
    const validate = mcpValidator().getValidator<T>(schema);
    return (input: unknown) => (validated.push(JSON.stringify(input)), validate(input));
  },
};

function serve(tools: ToolRegistry): Server {
  const server = new Server(
    { name: "tooltype-registry", version: "0.1.0" },
    { capabilities: { tools: {} }, jsonSchemaValidator: guardValidator },
  );
  const { listTools, callTool } = mcpHandlers(tools);
  server.setRequestHandler(ListToolsRequestSchema, listTools);
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => callTool(params) as Promise<CallToolResult>);
  return server;
}

const counter = tool({
  name: "count_words",
  description: "Counts the words of a text.",
  parameters: t.object({ text: t.string() }),
  returns: t.integer(),
  execute: ({ text }) => text.split(/\s+/).filter(Boolean).length,
});
const mcpRegistry = new ToolRegistry({ logger: quiet }).register(weather, time, counter);

async function connected(): Promise<{ client: Client; close: () => Promise<void> }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = serve(mcpRegistry);
  const client = new Client({ name: "sdk-interop-test", version: "0.1.0" }, { jsonSchemaValidator: guardValidator });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, close: async () => (await client.close(), await server.close()) };
}

mcp("tools/list is registry.toMCPFormat(), accepted by the SDK's schema as is", async () => {
  const { client, close } = await connected();
  try {
    const { tools } = await client.listTools();
    assert.equal(json(tools), json(mcpRegistry.toMCPFormat()));
    assert.equal(
      tools.map((x) => x.name),
      ["get_weather", "get_time", "count_words"],
    );
    assert.equal(tools[0]!.inputSchema.required, ["location"]);
    assert.is(tools[0]!.outputSchema?.type, "object");
    assert.is(tools[1]!.outputSchema, undefined);
    assert.equal(tools[2]!.outputSchema?.required, ["result"], "a non-object result type is wrapped as { result }");
  } finally {
    await close();
  }
});

mcp("tools/call: text plus structuredContent, checked by the Client against the outputSchema", async () => {
  const { client, close } = await connected();
  try {
    await client.listTools(); // the Client learns the output schemas here
    validated.length = 0;
    const good = await client.callTool({ name: "get_weather", arguments: { location: "Rome, Italy" } });
    assert.equal(good, {
      content: [{ type: "text", text: JSON.stringify({ location: "Rome, Italy", temperature: 21, unit: "celsius" }) }],
      structuredContent: { location: "Rome, Italy", temperature: 21, unit: "celsius" },
    });
    const words = await client.callTool({ name: "count_words", arguments: { text: "one two  three" } });
    assert.equal(words, { content: [{ type: "text", text: "3" }], structuredContent: { result: 3 } });
    const plain = await client.callTool({ name: "get_time", arguments: { city: "Lima" } });
    assert.equal(plain, { content: [{ type: "text", text: "12:00 in Lima" }] });
    assert.equal(
      validated,
      [JSON.stringify(good.structuredContent), JSON.stringify(words.structuredContent)],
      "the Client validated both structured results",
    );
  } finally {
    await close();
  }
});

mcp(
  "tools/call: bad arguments and an unknown tool come back as isError results, never as protocol errors",
  async () => {
    const { client, close } = await connected();
    try {
      await client.listTools();
      const bad = await client.callTool({ name: "get_weather", arguments: { location: 42, unit: "kelvin" } });
      assert.is(bad.isError, true);
      const badText = (bad.content as { type: string; text: string }[])[0]!;
      assert.is(badText.type, "text");
      assert.is(badText.text, await errorOf("get_weather", { location: 42, unit: "kelvin" }));
      assert.match(badText.text, /- at \/location: Expected string, received integer/);
      assert.is(bad.structuredContent, undefined);

      const missing = await client.callTool({ name: "get_forecast", arguments: {} });
      assert.equal(missing, {
        isError: true,
        content: [
          { type: "text", text: 'Unknown tool "get_forecast". Available tools: get_weather, get_time, count_words.' },
        ],
      });

      const noArgs = await client.callTool({ name: "get_time" });
      assert.is(noArgs.isError, true);
      assert.match((noArgs.content as { text: string }[])[0]!.text, /- at \/city: Missing required property/);
    } finally {
      await close();
    }
  },
);

mcp(
  "mcpValidator: an upstream output schema it cannot check refuses that tool's results only; formats can be added",
  async () => {
    const server = new Server({ name: "upstream", version: "1" }, { capabilities: { tools: {} } });
    const schemas = {
      counted: { type: "object", properties: { n: { type: "integer", format: "int32" } } },
      conditional: { type: "object", $dynamicRef: "#meta" },
    };
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: Object.entries(schemas).map(([name, outputSchema]) => ({
        name,
        inputSchema: { type: "object" as const },
        outputSchema,
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, () => ({
      content: [{ type: "text" as const, text: "{}" }],
      structuredContent: { n: 1, m: 2 },
    }));
    const client = new Client(
      { name: "c", version: "1" },
      { jsonSchemaValidator: mcpValidator({ formats: { int32: (v: unknown) => Number.isInteger(v) } }) },
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    try {
      assert.equal(
        (await client.listTools()).tools.map((x) => x.name),
        ["counted", "conditional"],
      );
      assert.equal((await client.callTool({ name: "counted", arguments: {} })).structuredContent, { n: 1, m: 2 });
      let refused = "";
      try {
        await client.callTool({ name: "conditional", arguments: {} });
      } catch (error) {
        refused = (error as Error).message;
      }
      assert.match(refused, /tooltype cannot check this schema.*"\$dynamicRef"/);
    } finally {
      await client.close();
      await server.close();
    }
  },
);

mcp(
  "sampling with tools: runTools with provider \"mcp\" and chat = the Server's createMessage, the Client's model replayed",
  async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = new Server(
      { name: "tooltype-agent", version: "0.1.0" },
      { capabilities: {}, jsonSchemaValidator: guardValidator },
    );
    const client = new Client(
      { name: "sdk-interop-host", version: "0.1.0" },
      { capabilities: { sampling: { tools: {} } }, jsonSchemaValidator: guardValidator },
    );
    const seen: CreateMessageRequest["params"][] = [];
    const answers: unknown[] = [sampling.toolUse, sampling.finalAnswer];
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      seen.push(json(request.params));
      return answers.shift() as never;
    });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      // The SDK checks the tools, the tool choice, every message, that tool_result ids match the tool_use
      // ids of the turn before, and the result against its schema: a wrong shape would throw here.
      const result = await runTools({
        provider: "mcp",
        chat: (request) => server.createMessage(request),
        request: {
          messages: [{ role: "user", content: { type: "text", text: sampling.QUESTION } }],
          maxTokens: 400,
        } satisfies CreateMessageRequest["params"],
        registry,
        toolChoice: "required",
      });
      assert.is(seen.length, 2);
      for (const params of seen) assert.equal(params.tools, json(registry.toMCPFormat()));
      assert.equal(seen[0]!.toolChoice, { mode: "required" });
      assert.equal(seen[1]!.toolChoice, { mode: "auto" });
      const [good, bad] = sampling.toolUse.content;
      const error = await errorOf("get_time", {});
      assert.equal(seen[1]!.messages, [
        { role: "user", content: { type: "text", text: sampling.QUESTION } },
        { role: "assistant", content: sampling.toolUse.content },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              toolUseId: good!.id,
              content: [
                { type: "text", text: JSON.stringify({ location: "Kyoto, Japan", temperature: 21, unit: "celsius" }) },
              ],
            },
            { type: "tool_result", toolUseId: bad!.id, content: [{ type: "text", text: error }], isError: true },
          ],
        },
      ]);
      assert.is(result.text, sampling.FINAL_TEXT);
      assert.is(result.finishReason, "stop");
    } finally {
      await client.close();
      await server.close();
    }
  },
);

mcp.run();
