// Tool calls end to end: parse each provider's response, run the calls, answer in its shape, loop.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  ToolRegistry,
  parseToolCalls,
  toToolMessages,
  runTools,
  mcpCallResult,
  type Provider,
  type ToolCall,
} from "tooltype";
import * as R from "../support/provider-responses.js";
import { boundedCall } from "../../src/tools/bounded-call.js";

const quiet = { error: () => {}, warn: () => {} };
const weather = tool({
  name: "get_weather",
  description: "Weather for a location.",
  parameters: t.object({ location: t.string(), unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }) }),
  execute: ({ location, unit }) => `${location}: 21 ${unit}`,
});
const calculator = tool({
  name: "calculator",
  description: "Arithmetic.",
  parameters: t.object({ expression: t.string() }),
  execute: () => 4,
});
const registry = () => new ToolRegistry({ logger: quiet }).register(weather, calculator);
const PROVIDERS = Object.keys(R.PROVIDERS) as Provider[];

const parsing = suite("parseToolCalls: every provider");

parsing("two parallel calls, in order, with ids and parsed arguments", () => {
  for (const provider of PROVIDERS) {
    const fixture = R.PROVIDERS[provider];
    assert.equal(
      parseToolCalls(fixture.calls, provider),
      [
        { id: fixture.ids[0], name: "get_weather", arguments: R.ARGS_1 },
        { id: fixture.ids[1], name: "calculator", arguments: R.ARGS_2 },
      ],
      provider,
    );
  }
});

parsing("a text answer has no calls; a response's malformed fields are no calls, never an exception", () => {
  for (const provider of PROVIDERS) {
    assert.equal(parseToolCalls(R.PROVIDERS[provider].text, provider), [], provider);
    const junk = {
      choices: [5, { message: 3 }],
      content: [5],
      output: [5],
      candidates: [7],
      message: 3,
      stopReason: 1,
    };
    assert.equal(parseToolCalls(junk, provider), [], `${provider} ${JSON.stringify(junk)}`);
  }
});

parsing(
  "a response whose list of choices, candidates, content blocks or output items is no list is a TypeError",
  () => {
    const lists: Partial<Record<Provider, string>> = {
      openai: "choices",
      responses: "output",
      anthropic: "content",
      gemini: "candidates",
      mistral: "choices",
    };
    for (const [provider, key] of Object.entries(lists) as [Provider, string][])
      assert.throws(
        () => parseToolCalls({ [key]: "x" }, provider),
        (e: unknown) =>
          e instanceof TypeError &&
          e.message.startsWith(
            `parseToolCalls: received a response whose "${key}" is "x", where the ${provider} provider`,
          ),
        provider,
      );
  },
);

parsing("no response at all is a TypeError naming what was received and what was expected", () => {
  for (const provider of PROVIDERS)
    for (const [junk, said] of [
      [null, "received null"],
      [undefined, "received undefined"],
      [42, "received 42"],
      ["x", 'received "x"'],
    ] as const)
      assert.throws(
        () => parseToolCalls(junk, provider),
        (e: unknown) =>
          e instanceof TypeError &&
          e.message.startsWith(`parseToolCalls: ${said}; expected a response of the ${provider} provider`),
        `${provider} ${String(junk)}`,
      );
});

parsing("arguments that are not JSON are kept as their text, to be reported", () => {
  const broken = {
    choices: [
      {
        message: {
          tool_calls: [
            { id: "c", type: "function", function: { name: "get_weather", arguments: '{"location": "Par' } },
          ],
        },
      },
    ],
  };
  assert.equal(parseToolCalls(broken, "openai"), [{ id: "c", name: "get_weather", arguments: '{"location": "Par' }]);
  const empty = {
    choices: [{ message: { tool_calls: [{ id: "c", type: "function", function: { name: "now", arguments: "" } }] } }],
  };
  assert.equal(parseToolCalls(empty, "openai")[0]!.arguments, {});
});

parsing("generated ids are stable: the same response gets the same ids", () => {
  assert.equal(parseToolCalls(R.gemini, "gemini"), parseToolCalls(structuredClone(R.gemini), "gemini"));
});

parsing("unknown providers are refused by name", () => {
  assert.throws(
    () => parseToolCalls(R.openai, "palm" as Provider),
    /unknown provider "palm"; known: openai, responses/,
  );
});

const answering = suite("toToolMessages: each provider's own shape");

answering("answers in each provider's shape, failures marked", async () => {
  const results = [
    { id: "A", name: "get_weather", result: { success: true as const, value: "Paris: 21 celsius" } },
    { id: "B", name: "calculator", result: { success: true as const, value: { answer: 4 } } },
    { id: "C", name: "missing", result: { success: false as const, error: 'Unknown tool "missing".' } },
  ];
  assert.equal(toToolMessages(results, "openai"), [
    { role: "tool", tool_call_id: "A", content: "Paris: 21 celsius" },
    { role: "tool", tool_call_id: "B", content: '{"answer":4}' },
    { role: "tool", tool_call_id: "C", content: 'Unknown tool "missing".' },
  ]);
  assert.equal(toToolMessages(results, "responses"), [
    { type: "function_call_output", call_id: "A", output: "Paris: 21 celsius" },
    { type: "function_call_output", call_id: "B", output: '{"answer":4}' },
    { type: "function_call_output", call_id: "C", output: 'Unknown tool "missing".' },
  ]);
  assert.equal(toToolMessages(results, "anthropic"), [
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "A", content: "Paris: 21 celsius" },
        { type: "tool_result", tool_use_id: "B", content: '{"answer":4}' },
        { type: "tool_result", tool_use_id: "C", content: 'Unknown tool "missing".', is_error: true },
      ],
    },
  ]);
  assert.equal(toToolMessages(results, "gemini"), [
    {
      role: "user",
      parts: [
        { functionResponse: { id: "A", name: "get_weather", response: { output: "Paris: 21 celsius" } } },
        { functionResponse: { id: "B", name: "calculator", response: { output: { answer: 4 } } } },
        { functionResponse: { id: "C", name: "missing", response: { error: 'Unknown tool "missing".' } } },
      ],
    },
  ]);
  assert.equal(toToolMessages(results, "mcp"), [
    {
      role: "user",
      content: [
        { type: "tool_result", toolUseId: "A", content: [{ type: "text", text: "Paris: 21 celsius" }] },
        { type: "tool_result", toolUseId: "B", content: [{ type: "text", text: '{"answer":4}' }] },
        {
          type: "tool_result",
          toolUseId: "C",
          content: [{ type: "text", text: 'Unknown tool "missing".' }],
          isError: true,
        },
      ],
    },
  ]);
  assert.equal(toToolMessages(results, "bedrock"), [
    {
      role: "user",
      content: [
        { toolResult: { toolUseId: "A", content: [{ text: "Paris: 21 celsius" }], status: "success" } },
        { toolResult: { toolUseId: "B", content: [{ json: { answer: 4 } }], status: "success" } },
        { toolResult: { toolUseId: "C", content: [{ text: 'Unknown tool "missing".' }], status: "error" } },
      ],
    },
  ]);
  assert.equal(toToolMessages(results, "mistral")[0], {
    role: "tool",
    toolCallId: "A",
    name: "get_weather",
    content: "Paris: 21 celsius",
  });
  assert.equal(toToolMessages(results, "ollama")[1], {
    role: "tool",
    content: '{"answer":4}',
    tool_name: "calculator",
  });
  assert.equal(toToolMessages(results, "cohere")[2], {
    role: "tool",
    toolCallId: "C",
    content: 'Unknown tool "missing".',
  });
});

answering('values JSON cannot carry are written, never thrown on or lost to "[object Object]"', () => {
  const cycle: Record<string, unknown> = { name: "loop" };
  cycle.self = cycle;
  const bare = Object.assign(Object.create(null), { total: 10n });
  let deep: unknown = "bottom";
  for (let i = 0; i < 10_000; i++) deep = [deep];
  const value = {
    total: 12345678901234567890n,
    tags: new Set(["a", "b"]),
    byId: new Map([["x", 1]]),
    pairs: new Map([[1, "one"]]),
    at: new Date(0),
    cycle,
    bare,
    skip: undefined,
    nan: NaN,
  };
  const results = [
    { id: "A", name: "odd", result: { success: true as const, value } },
    { id: "B", name: "deep", result: { success: true as const, value: deep } },
  ];
  const expected = {
    total: "12345678901234567890",
    tags: ["a", "b"],
    byId: { x: 1 },
    pairs: [[1, "one"]],
    at: "1970-01-01T00:00:00.000Z",
    cycle: { name: "loop", self: "[Circular]" },
    bare: { total: "10" },
    nan: null,
  };
  const [a, b] = toToolMessages(results, "openai") as { content: string }[];
  assert.equal(JSON.parse(a!.content), expected);
  const cut = JSON.stringify(JSON.parse(b!.content));
  assert.ok(cut.includes('"[nested too deeply]"') && !cut.includes("bottom"), cut.slice(0, 80));
  const [bedrock] = toToolMessages(results, "bedrock") as {
    content: { toolResult: { content: { json: unknown }[] } }[];
  }[];
  assert.equal(bedrock!.content[0]!.toolResult.content[0]!.json, expected);
  const returning = tool({
    name: "odd",
    description: "Odd.",
    parameters: t.object({}),
    returns: t.object({}),
    execute: () => value,
  });
  const mcp = mcpCallResult(returning, { success: true, value });
  assert.equal(mcp.structuredContent, expected);
  assert.equal(JSON.parse((mcp.content[0] as { text: string }).text), expected);
  // As JSON.stringify: boxed primitives unwrapped, toJSON given its key, a toJSON returning itself written by its keys.
  const like = {
    s: new String("ab"),
    n: new Number(5),
    b: new Boolean(false),
    d: { toJSON: (key: string) => `key=${key}` },
    self: {
      a: 1,
      toJSON() {
        return this;
      },
    },
  };
  assert.equal(
    JSON.parse(
      (
        toToolMessages([{ id: "D", name: "l", result: { success: true, value: like } }], "openai")[0] as {
          content: string;
        }
      ).content,
    ),
    JSON.parse(JSON.stringify(like)),
  );
  // A getter that throws, or a Proxy whose traps throw, is marked, not thrown.
  const hostile = {
    ok: 1,
    get bad() {
      throw new Error("no");
    },
  };
  const trap = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error("trap");
      },
    },
  );
  assert.equal(
    JSON.parse(
      (
        toToolMessages([{ id: "C", name: "h", result: { success: true, value: { hostile, trap } } }], "openai")[0] as {
          content: string;
        }
      ).content,
    ),
    { hostile: { ok: 1, bad: "[unreadable]" }, trap: "[unreadable]" },
  );
});

answering("always an array, empty when there is nothing to answer; generated Gemini ids are not sent back", () => {
  for (const provider of PROVIDERS) assert.equal(toToolMessages([], provider), [], provider);
  const [call] = parseToolCalls(R.gemini, "gemini");
  const [message] = toToolMessages(
    [{ id: call!.id, name: call!.name, result: { success: true, value: 1 } }],
    "gemini",
  ) as { parts: { functionResponse: object }[] }[];
  assert.equal(message!.parts[0]!.functionResponse, { name: "get_weather", response: { output: 1 } });
});

const executing = suite("registry.executeAll: parallel, ordered, bounded");

executing("results in call order whatever finishes first; one failure affects no other", async () => {
  const finished: string[] = [];
  const sleepy = tool({
    name: "sleep",
    description: "Sleeps.",
    parameters: t.object({ ms: t.integer(), tag: t.string() }),
    execute: async ({ ms, tag }) => {
      await new Promise((r) => setTimeout(r, ms));
      finished.push(tag);
      return tag;
    },
  });
  const reg = new ToolRegistry({ logger: quiet }).register(sleepy);
  const calls: ToolCall[] = [
    { id: "1", name: "sleep", arguments: { ms: 30, tag: "slow" } },
    { id: "2", name: "nope", arguments: {} },
    { id: "3", name: "sleep", arguments: '{"ms": 1, "tag": "fast"}' },
    { id: "4", name: "sleep", arguments: '{"ms": "x"' },
  ];
  const results = await reg.executeAll(calls);
  assert.equal(
    results.map((r) => [r.id, r.name, r.result.success]),
    [
      ["1", "sleep", true],
      ["2", "nope", false],
      ["3", "sleep", true],
      ["4", "sleep", false],
    ],
  );
  assert.equal(finished, ["fast", "slow"]);
  assert.match((results[3]!.result as { error: string }).error, /not valid JSON/);
});

executing("timeout resolves a slow call as a failure; concurrency bounds how many run at once", async () => {
  let running = 0;
  let peak = 0;
  const slow = tool({
    name: "slow",
    description: "Slow.",
    parameters: t.object({ ms: t.integer() }),
    execute: async ({ ms }) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return ms;
    },
  });
  const reg = new ToolRegistry().register(slow);
  const timed = await reg.executeAll(
    [
      { id: "a", name: "slow", arguments: { ms: 200 } },
      { id: "b", name: "slow", arguments: { ms: 1 } },
    ],
    { timeout: 50 },
  );
  assert.equal(timed[0]!.result, { success: false, error: 'Tool "slow" timed out after 50 ms.' });
  assert.equal(timed[1]!.result, { success: true, value: 1 });
  await new Promise((r) => setTimeout(r, 200));
  peak = 0;
  const calls = Array.from({ length: 6 }, (_, i) => ({ id: String(i), name: "slow", arguments: { ms: 5 } }));
  await reg.executeAll(calls, { concurrency: 2 });
  assert.is(peak, 2);
  peak = 0;
  await reg.executeAll(calls, { concurrency: 2.5 });
  assert.is(peak, 2);
  for (const concurrency of [NaN, 0, -1, "2" as unknown as number]) {
    let error: unknown;
    await reg.executeAll(calls, { concurrency }).catch((e: unknown) => (error = e));
    assert.instance(error, TypeError, String(concurrency));
    assert.match((error as Error).message, /concurrency must be a number of calls, 1 or more/);
  }
});

executing("an abort signal cancels what has not finished; an aborted signal runs nothing", async () => {
  let ran = 0;
  const wait = tool({
    name: "wait",
    description: "Waits.",
    parameters: t.object({}),
    execute: () => new Promise((r) => setTimeout(() => r(++ran), 100)),
  });
  const reg = new ToolRegistry().register(wait);
  const controller = new AbortController();
  const pending = reg.executeAll([{ id: "a", name: "wait", arguments: {} }], { signal: controller.signal });
  controller.abort();
  assert.equal((await pending)[0]!.result, { success: false, error: 'Tool "wait" was cancelled.' });
  const before = ran;
  const none = await reg.executeAll([{ id: "b", name: "wait", arguments: {} }], { signal: AbortSignal.abort() });
  assert.equal(none[0]!.result, { success: false, error: 'Tool "wait" was cancelled before it ran.' });
  await new Promise((r) => setTimeout(r, 120));
  assert.is(ran, before + 1);
});

executing(
  "boundedCall (executeAll's and the loop's): the function's own signal aborts with the reason, and not after a fast call",
  async () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const signals: AbortSignal[] = [];
    const waiting = (signal: AbortSignal) => (signals.push(signal), new Promise<never>(() => {}));
    const done = (signal: AbortSignal) => (signals.push(signal), Promise.resolve({ success: true as const, value: 1 }));

    const controller = new AbortController();
    const fast = await boundedCall("fast", done, { signal: controller.signal, timeout: 20 });
    assert.equal(fast, { success: true, value: 1 });
    controller.abort(new Error("too late"));
    await sleep(40);
    assert.not.ok(signals[0]!.aborted, "timer and listener were removed when the call resolved");

    const cancel = new AbortController();
    const reason = new Error("user stopped it");
    const pending = boundedCall("wait", waiting, { signal: cancel.signal, timeout: 10_000 });
    cancel.abort(reason);
    assert.equal(await pending, { success: false, error: 'Tool "wait" was cancelled.' });
    assert.is(signals[1]!.reason, reason);

    assert.equal(await boundedCall("wait", waiting, { timeout: 5 }), {
      success: false,
      error: 'Tool "wait" timed out after 5 ms.',
    });
    assert.is((signals[2]!.reason as Error).name, "TimeoutError");
    for (const timeout of [NaN, -1, Infinity])
      assert.equal(await boundedCall("unbounded", done, { timeout }), { success: true, value: 1 }, String(timeout));

    assert.equal(await boundedCall("never", waiting, { signal: AbortSignal.abort() }), {
      success: false,
      error: 'Tool "never" was cancelled before it ran.',
    });
    assert.is(signals.length, 6, "an aborted signal runs nothing");
  },
);

const looping = suite("runTools: seed 002's loop, every provider");

/** A fake model: answers each request with the next response, and records the requests. */
function fakeChat(responses: unknown[]) {
  const requests: Record<string, unknown>[] = [];
  const chat = async (request: Record<string, unknown>) => {
    requests.push(structuredClone(request));
    return responses[Math.min(requests.length - 1, responses.length - 1)];
  };
  return { chat, requests };
}

looping("calls, answers, then the final text, in each provider's conversation", async () => {
  const start: Record<Provider, Record<string, unknown>> = {
    openai: { model: "m", messages: [{ role: "user", content: "Go" }] },
    responses: { model: "m", input: [{ role: "user", content: "Go" }] },
    anthropic: { model: "m", max_tokens: 100, messages: [{ role: "user", content: "Go" }] },
    gemini: { model: "m", contents: [{ role: "user", parts: [{ text: "Go" }] }] },
    mcp: { messages: [{ role: "user", content: { type: "text", text: "Go" } }], maxTokens: 100 },
    bedrock: { modelId: "m", messages: [{ role: "user", content: [{ text: "Go" }] }] },
    mistral: { model: "m", messages: [{ role: "user", content: "Go" }] },
    ollama: { model: "m", messages: [{ role: "user", content: "Go" }] },
    cohere: { model: "m", messages: [{ role: "user", content: "Go" }] },
  };
  for (const provider of PROVIDERS) {
    const fixture = R.PROVIDERS[provider];
    const { chat, requests } = fakeChat([fixture.calls, fixture.text]);
    const steps: number[] = [];
    const out = await runTools({
      provider,
      chat,
      request: start[provider],
      registry: registry(),
      onStep: (s) => void steps.push(s.step),
    });
    assert.is(out.text, fixture.final, provider);
    assert.is(out.finishReason, "stop");
    assert.equal(steps, [1, 2]);
    assert.is(requests.length, 2, provider);
    assert.equal(
      out.steps[0]!.results.map((r) => r.result.success),
      [true, true],
      provider,
    );
    const key = { responses: "input", gemini: "contents" }[provider as string] ?? "messages";
    const second = requests[1]![key] as unknown[];
    assert.equal(second.slice(0, 1), start[provider][key] as unknown[], provider);
    assert.ok(second.length > 2, provider);
    assert.equal(out.messages.slice(0, second.length), second, provider);
  }
});

looping("OpenAI: the assistant message with its tool_calls, then one tool message per call (seed 002)", async () => {
  const { chat, requests } = fakeChat([R.openai, R.openaiText]);
  await runTools({
    provider: "openai",
    chat,
    request: { model: "m", messages: [{ role: "user", content: "Go" }] },
    registry: registry(),
    toolChoice: "required",
    parallelToolCalls: true,
  });
  assert.equal(requests[0]!.tool_choice, "required");
  assert.is(requests[0]!.parallel_tool_calls, true);
  assert.equal(
    (requests[0]!.tools as { function: { name: string } }[]).map((x) => x.function.name),
    ["get_weather", "calculator"],
  );
  assert.is(requests[1]!.tool_choice, "auto"); // a forced choice applies to the first turn only
  assert.equal((requests[1]!.messages as unknown[]).slice(1), [
    { role: "assistant", content: null, tool_calls: R.openai.choices[0]!.message.tool_calls },
    { role: "tool", tool_call_id: "call_a", content: "Paris: 21 celsius" },
    { role: "tool", tool_call_id: "call_b", content: "4" },
  ]);
});

looping("tool_choice and parallel calls in each provider's spelling", async () => {
  const first = async (
    provider: Provider,
    toolChoice: "auto" | "required" | "none" | { name: string },
    parallelToolCalls?: boolean,
  ) => {
    const { chat, requests } = fakeChat([R.PROVIDERS[provider].text]);
    await runTools({
      provider,
      chat,
      request: {},
      registry: registry(),
      toolChoice,
      ...(parallelToolCalls !== undefined && { parallelToolCalls }),
    });
    return requests[0]!;
  };
  assert.equal((await first("openai", { name: "calculator" })).tool_choice, {
    type: "function",
    function: { name: "calculator" },
  });
  assert.equal((await first("responses", { name: "calculator" })).tool_choice, {
    type: "function",
    name: "calculator",
  });
  assert.equal((await first("anthropic", "required", false)).tool_choice, {
    type: "any",
    disable_parallel_tool_use: true,
  });
  assert.equal((await first("anthropic", { name: "calculator" })).tool_choice, { type: "tool", name: "calculator" });
  assert.equal((await first("anthropic", "none")).tool_choice, { type: "none" });
  const g = (await first("gemini", { name: "calculator" })).config as Record<string, unknown>;
  assert.equal(g.toolConfig, { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["calculator"] } });
  assert.equal(
    (g.tools as { functionDeclarations: { name: string }[] }[])[0]!.functionDeclarations.map((d) => d.name),
    ["get_weather", "calculator"],
  );
  assert.equal(((await first("bedrock", "required")).toolConfig as Record<string, unknown>).toolChoice, { any: {} });
  assert.equal((await first("mistral", "required", false)).parallelToolCalls, false);
  assert.is((await first("cohere", "required")).toolChoice, "REQUIRED");
  assert.equal((await first("mcp", "auto")).toolChoice, { mode: "auto" });
});

looping("bad arguments and unknown tools go back to the model, which corrects itself", async () => {
  const wrong = {
    choices: [
      {
        message: {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "x1", type: "function", function: { name: "get_weather", arguments: '{"location": 5}' } },
            { id: "x2", type: "function", function: { name: "weather", arguments: "{}" } },
          ],
        },
      },
    ],
  };
  const { chat, requests } = fakeChat([wrong, R.openai, R.openaiText]);
  const out = await runTools({ provider: "openai", chat, request: { messages: [] }, registry: registry() });
  assert.is(out.steps.length, 3);
  const answers = (requests[1]!.messages as { role: string; content: string }[]).filter((m) => m.role === "tool");
  assert.match(
    answers[0]!.content,
    /Invalid arguments for tool "get_weather":\n- at \/location: Expected string, received integer/,
  );
  assert.match(answers[1]!.content, /Unknown tool "weather". Available tools: get_weather, calculator\./);
});

looping("maxSteps bounds a model that never stops calling tools", async () => {
  const { chat, requests } = fakeChat([R.openai]);
  const out = await runTools({
    provider: "openai",
    chat,
    request: { messages: [] },
    registry: registry(),
    maxSteps: 3,
  });
  assert.is(out.finishReason, "max_steps");
  assert.is(out.text, undefined);
  assert.is(requests.length, 3);
  assert.is(out.steps.length, 3);
  const refused = await runTools({ provider: "openai", chat, request: {}, tools: [weather], maxSteps: 0 }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(String(refused), /maxSteps must be at least 1/);
});

looping("a signal stops the loop; tools may be given as a list", async () => {
  const controller = new AbortController();
  const { chat } = fakeChat([R.openai]);
  let caught: unknown;
  try {
    await runTools({
      provider: "openai",
      chat,
      request: { messages: [] },
      tools: [weather, calculator],
      signal: controller.signal,
      onStep: () => controller.abort(),
    });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught, "the loop stopped with the abort reason");
});

looping("a conversation given as one string is one user message, not its characters", async () => {
  const { chat, requests } = fakeChat([R.responses, R.responsesText]);
  await runTools({
    provider: "responses",
    chat,
    request: { model: "m", input: "Weather in Paris?" },
    registry: registry(),
  });
  assert.equal((requests[1]!.input as unknown[])[0], { role: "user", content: "Weather in Paris?" });
  const gemini = fakeChat([R.geminiText]);
  await runTools({
    provider: "gemini",
    chat: gemini.chat,
    request: { model: "m", contents: "Hi" },
    registry: registry(),
  });
  assert.equal(gemini.requests[0]!.contents, [{ role: "user", parts: [{ text: "Hi" }] }]);
});

const mcpResults = suite("mcpCallResult: tools/call results");

mcpResults("failures are isError text; values text, plus structuredContent when a result type is declared", () => {
  const typed = tool({
    name: "n",
    description: "N.",
    parameters: t.object({}),
    returns: t.integer(),
    execute: () => 3,
  });
  const object = tool({
    name: "o",
    description: "O.",
    parameters: t.object({}),
    returns: t.object({ ok: t.boolean() }),
    execute: () => ({ ok: true }),
  });
  assert.equal(mcpCallResult(typed, { success: false, error: "bad" }), {
    isError: true,
    content: [{ type: "text", text: "bad" }],
  });
  assert.equal(mcpCallResult(typed, { success: true, value: 3 }), {
    content: [{ type: "text", text: "3" }],
    structuredContent: { result: 3 },
  });
  assert.equal(mcpCallResult(object, { success: true, value: { ok: true } }), {
    content: [{ type: "text", text: '{"ok":true}' }],
    structuredContent: { ok: true },
  });
  assert.equal(mcpCallResult(weather, { success: true, value: "sunny" }), {
    content: [{ type: "text", text: "sunny" }],
  });
  assert.equal(mcpCallResult(undefined, { success: true, value: new Date(0) }), {
    content: [{ type: "text", text: '"1970-01-01T00:00:00.000Z"' }],
  });
});

mcpResults(
  "bytes are written as base64; a value outside the declared result type is a tool error, not invalid structuredContent",
  () => {
    const bytes = tool({
      name: "b",
      description: "B.",
      parameters: t.object({}),
      returns: t.bytes(),
      execute: () => new Uint8Array([1, 2]),
    });
    assert.equal(mcpCallResult(bytes, { success: true, value: new Uint8Array([104, 105]) }), {
      content: [{ type: "text", text: '"aGk="' }],
      structuredContent: { result: "aGk=" },
    });
    const counted = tool({
      name: "n",
      description: "N.",
      parameters: t.object({}),
      returns: t.object({ n: t.number() }),
      execute: () => ({ n: 1 }),
    });
    const wrong = mcpCallResult(counted, { success: true, value: { n: "str" } });
    assert.equal(wrong, {
      isError: true,
      content: [
        {
          type: "text",
          text: 'Tool "n" returned a value outside its declared result type:\n- at /n: Expected number, received string',
        },
      ],
    });
  },
);

parsing.run();
mcpResults.run();
answering.run();
executing.run();
looping.run();
