// createCodeModeTool: one program calls many tools from the javascript tool's sandbox, and each call takes the path a
// model's call takes (guard, before, approval, wrap, timeout, after, span); the host's limits hold whatever the
// program does. Local tools, functionToTool tools, an MCP server's tools and deferred tools, through runTools.
import { suite } from "uvu";
import { context, ROOT_CONTEXT, type Context, type ContextManager } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import * as assert from "uvu/assert";
import { t, tool, functionToTool, runTools, type AnyTool, type ToolResult } from "tooltype";
import { createCodeModeTool } from "tooltype/builtins";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { connectMCP, mcpHttpHandler, mcpTools } from "tooltype/mcp";
import { ToolRegistry } from "tooltype/tools";
import { programCalls } from "../../src/builtins/code-mode-calls.js";
import * as sourceT from "../../src/t/builders.js";
import { tool as sourceTool } from "../../src/tools/define.js";
import { env, failed, succeeded } from "../support/builtins.js";
import { scriptedChat } from "../support/scripted-chat.js";

const weather = tool({
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: t.object({ city: t.string({ description: "The city's name" }), unit: t.optional(t.enum(["c", "f"])) }),
  returns: t.object({ city: t.string(), temperature: t.number() }),
  execute: ({ city }) => ({ city, temperature: city.length * 3 }),
});
const convert = tool({
  name: "to_fahrenheit",
  description: "Converts Celsius to Fahrenheit.",
  parameters: t.object({ celsius: t.number() }),
  execute: ({ celsius }) => (celsius * 9) / 5 + 32,
});
// Bun drops docstrings from function source: there the description is given (the README's Bun section says why).
const round = functionToTool(
  function round_to(x = 0.5, digits = 0) {
    "Rounds a number to a number of digits after the point.";
    return Number(x.toFixed(digits));
  },
  env === "bun" ? { description: "Rounds a number to a number of digits after the point." } : {},
);
const sent: string[] = [];
const send = tool({
  name: "send_email",
  description: "Sends an email.",
  parameters: t.object({ to: t.string(), body: t.string() }),
  needsApproval: true,
  execute: ({ to }) => {
    sent.push(to);
    return "sent";
  },
});

const program = (code: string, tool = createCodeModeTool({ tools: [weather, convert, round, send] })) =>
  tool.execute({ code });
const value = async (code: string, tool?: ReturnType<typeof createCodeModeTool>) =>
  succeeded(await program(code, tool), code.slice(0, 120));
const error = async (code: string, tool?: ReturnType<typeof createCodeModeTool>) =>
  failed(await program(code, tool), code.slice(0, 120));

const declared = suite("code mode: the model sees the tools as a TypeScript API");

declared("the description declares each tool with its JSDoc, input type and result type", () => {
  const { description, parameters } = createCodeModeTool({ tools: [weather, convert, round] });
  assert.match(description, "declare const tools: {");
  assert.match(description, "  /** Current weather for a city. */\n  get_weather(input: {\n");
  assert.match(description, '    /** The city\'s name */\n    city: string;\n    unit?: "c" | "f";\n');
  assert.match(description, "}): Promise<{ city: string; temperature: number }>;");
  assert.match(description, "to_fahrenheit(input: {\n    celsius: number;\n  }): Promise<unknown>;");
  assert.match(description, "/** Rounds a number to a number of digits after the point. */");
  assert.match(description, "50 calls, 8 at once, 30000 ms");
  assert.equal(Object.keys((parameters as { properties: object }).properties), ["code"]);
});

declared("named and recursive types the schemas share are declared once, as type aliases", () => {
  const Tree = t.recursive<{ label: string; children: unknown[] }>("Tree", (self) =>
    t.object({ label: t.string(), children: t.array(self) }),
  );
  const outline = tool({
    name: "outline",
    description: "Outlines a tree.",
    parameters: t.object({ tree: Tree }),
    returns: Tree,
    execute: ({ tree }) => tree,
  });
  const { description } = createCodeModeTool({ tools: [outline] });
  assert.match(description, "type Tree = { label: string; children: Tree[] };\ndeclare const tools: {");
  assert.match(description, "tree: Tree;");
  assert.match(description, "}): Promise<{ label: string; children: Tree[] }>;");
});

declared("bad options are refused, naming what is wrong", () => {
  assert.throws(() => createCodeModeTool({ tools: [] }), /tools must be a list of one or more tools/);
  assert.throws(() => createCodeModeTool({ tools: [weather, weather] }), /tools\[1\]: the name "get_weather" is taken/);
  assert.throws(() => createCodeModeTool({ tools: [{} as never] }), /tools\[0\] is not a tool/);
  assert.throws(
    () => createCodeModeTool({ tools: [weather], maxCalls: 0 }),
    /maxCalls must be a whole number, 1 or more, received 0/,
  );
  assert.throws(() => createCodeModeTool({ tools: [weather], timeout: -5 }), /timeout must be a whole number/);
});

/** A page whose Content-Security-Policy allows no worker: programs cannot run, and say why. */
const workersBlocked = env === "chromium-csp";

declared("where no sandbox can start (a CSP without workers), a program is a failed result saying why", async () => {
  if (!workersBlocked) return;
  assert.match(
    failed(await program("return 1"), "a program under CSP"),
    /could not start a worker here.*Content-Security-Policy/s,
  );
});

const pathSuite = suite("code mode: each call takes the path a model's call takes");
const path = workersBlocked ? pathSuite.skip : pathSuite;

path("a program calls three local tools (one from functionToTool) and returns what it computed", async () => {
  const out = await value(`
    const paris = await tools.get_weather({ city: "Paris" });
    const f = await tools.to_fahrenheit({ celsius: paris.temperature });
    const [a, b] = await Promise.all([tools.round_to({ x: f + 0.123, digits: 1 }), tools.round_to({ x: 2.5, digits: 0 })]);
    console.log("working");
    return { city: paris.city, f: a, b };`);
  assert.equal(out, { result: { city: "Paris", f: 59.1, b: 3 }, printed: "working" });
});

path("a refused input throws inside the program with the guard's message; the program may catch it", async () => {
  const out = await value(`
    try { await tools.get_weather({ city: 5 }); return "ran" } catch (e) { return e instanceof Error && e.message }`);
  assert.match(String(out), /Invalid arguments for tool "get_weather"/);
  assert.match(String(out), /\/city/);
  const uncaught = await error(`await tools.to_fahrenheit({ kelvin: 3 })`);
  assert.match(uncaught, /The program failed: Error: Invalid arguments for tool "to_fahrenheit"/);
});

path("an exception the program does not catch is a failed result naming the line the model wrote", async () => {
  assert.match(
    await error("const a = 1;\nnull.x"),
    /The program failed: TypeError: [^\n]*\n\s+at [^\n]*code\.js(, <anonymous>)?:2:/,
  );
});

path("a call that needs approval is refused inside a program, unless `approve` allows it", async () => {
  sent.length = 0;
  const refused = await error(`await tools.send_email({ to: "ann@example.com", body: "hi" })`);
  assert.match(
    refused,
    /Tool "send_email" needs a person's approval, which cannot be asked for inside a program; it did not run/,
  );
  assert.equal(sent, []);
  const approving = createCodeModeTool({
    tools: [send],
    approve: (call) => ({
      approved: String((call.arguments as { to: string }).to).endsWith("@example.com"),
      reason: "outside",
    }),
  });
  assert.is(await value(`return await tools.send_email({ to: "ann@example.com", body: "hi" })`, approving), "sent");
  assert.match(
    await error(`await tools.send_email({ to: "eve@elsewhere.org", body: "hi" })`, approving),
    /The user refused the call of tool "send_email"; it did not run. Reason: outside/,
  );
  assert.equal(sent, ["ann@example.com"]);
});

path("before, wrap and after: the tool's and the code-mode tool's, in the loop's order", async () => {
  const order: string[] = [];
  const guarded = tool({
    name: "lookup",
    description: "Looks up a word.",
    parameters: t.object({ word: t.string() }),
    before: ({ arguments: { word } }) => (
      order.push("tool before"), word === "secret" ? { refuse: "Not that word." } : undefined
    ),
    wrap: async (_call, next) => (order.push("tool wrap"), next()),
    after: (_call, result) => (order.push("tool after"), result.success ? { value: `${result.value}!` } : undefined),
    execute: ({ word }) => word.toUpperCase(),
  });
  const mode = createCodeModeTool({
    tools: [guarded],
    before: () => void order.push("before"),
    wrap: async (_call, next) => (order.push("wrap"), next()),
    after: () => void order.push("after"),
  });
  assert.is(await value(`return tools.lookup({ word: "cat" })`, mode), "CAT!");
  assert.equal(order, ["before", "tool before", "wrap", "tool wrap", "tool after", "after"]);
  assert.match(await error(`await tools.lookup({ word: "secret" })`, mode), /Error: Not that word\./);
});

path("a call's time limit: the tool's timeout (or callTimeout) fails the call inside the program", async () => {
  const slow = tool({
    name: "slow",
    description: "Never answers.",
    parameters: t.object({}),
    timeout: 50,
    execute: () => new Promise(() => {}),
  });
  const out = await value(
    `try { await tools.slow({}) } catch (e) { return e.message }`,
    createCodeModeTool({ tools: [slow] }),
  );
  assert.is(out, 'Tool "slow" timed out after 50 ms.');
});

/** A context manager that keeps the active context while a function runs synchronously (enough for spans opened at once). */
function syncContextManager(): ContextManager {
  let active: Context = ROOT_CONTEXT;
  const manager: ContextManager = {
    active: () => active,
    with: (next, fn, thisArg, ...args) => {
      const before = active;
      active = next;
      try {
        return fn.call(thisArg, ...args);
      } finally {
        active = before;
      }
    },
    bind: (_context, target) => target,
    enable: () => manager,
    disable: () => manager,
  };
  return manager;
}

path("tracing: each call of the program is a child span of the program's own tool span", async () => {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("test");
  context.setGlobalContextManager(syncContextManager());
  try {
    const mode = createCodeModeTool({ tools: [weather, convert], tracer });
    const code = `const w = await tools.get_weather({ city: "Rome" }); return tools.to_fahrenheit({ celsius: w.temperature })`;
    const { chat } = scriptedChat({ calls: [["p1", "run_program", { code }]] }, { text: "Done." });
    await runTools({ provider: "openai", chat, request: { model: "m", messages: [] }, tools: [mode], tracer });
  } finally {
    context.disable();
  }
  const spans = exporter.getFinishedSpans();
  const [programSpan] = spans.filter((s) => s.name === "execute_tool run_program");
  assert.ok(programSpan, "the program's span");
  const calls = spans.filter((s) => s.name === "execute_tool get_weather" || s.name === "execute_tool to_fahrenheit");
  assert.equal(
    calls.map((s) => s.name),
    ["execute_tool get_weather", "execute_tool to_fahrenheit"],
  );
  for (const span of calls) {
    assert.is(
      span.parentSpanContext?.spanId,
      programSpan!.spanContext().spanId,
      `${span.name} is a child of the program's span`,
    );
    assert.is(span.attributes["gen_ai.tool.call.id"], `run_program-1-${calls.indexOf(span) + 1}`);
  }
});

const limitsSuite = suite("code mode: limits the program cannot lift");
const limits = workersBlocked ? limitsSuite.skip : limitsSuite;

limits("calls per program: the call past the limit throws, the earlier ones ran", async () => {
  let ran = 0;
  const count = tool({ name: "count", description: "Counts.", parameters: t.object({}), execute: () => ++ran });
  const mode = createCodeModeTool({ tools: [count], maxCalls: 3 });
  const out = await value(
    `const seen = []; try { for (;;) seen.push(await tools.count({})) } catch (e) { return [seen, e.message] }`,
    mode,
  );
  assert.equal(out, [
    [1, 2, 3],
    "tools.count was not called: this program has made 3 calls, the most one program may make. Do the rest in another program, or return what you have.",
  ]);
  assert.is(ran, 3);
});

limits("calls at once: past the limit a call throws; awaited in turn they all run", async () => {
  const waits = tool({
    name: "wait",
    description: "Waits.",
    parameters: t.object({ n: t.integer() }),
    execute: async ({ n }) => (await new Promise((r) => setTimeout(r, 20)), n),
  });
  const mode = createCodeModeTool({ tools: [waits], maxConcurrentCalls: 2 });
  const out = await value(
    `const all = await Promise.allSettled([1, 2, 3].map((n) => tools.wait({ n }))); return all.map((r) => r.status === "fulfilled" ? r.value : r.reason.message)`,
    mode,
  );
  assert.equal(out, [
    1,
    2,
    "tools.wait was not called: 2 calls are running, the most one program may have at once. Await some before starting more.",
  ]);
  assert.equal(
    await value(`const out = []; for (const n of [1, 2, 3]) out.push(await tools.wait({ n })); return out`, mode),
    [1, 2, 3],
  );
});

limits("size of each input and each result crossing the channel", async () => {
  const echo = tool({
    name: "echo",
    description: "Echoes.",
    parameters: t.object({ text: t.string() }),
    execute: ({ text }) => text + text,
  });
  const mode = createCodeModeTool({ tools: [echo], maxInput: 100, maxResult: 150 });
  assert.is(await value(`return tools.echo({ text: "ab" })`, mode), "abab");
  assert.match(
    await error(`await tools.echo({ text: "x".repeat(200) })`, mode),
    /The input of tools.echo is 211 characters long as JSON, more than the limit of 100; send less\./,
  );
  assert.match(
    await error(`await tools.echo({ text: "x".repeat(80) })`, mode),
    /The result of tools.echo is 162 characters long as JSON, more than the limit of 150; ask for less\./,
  );
});

limits(
  "time for the whole program, its calls included: a call that never ends is stopped with the program",
  async () => {
    let cancelled = false;
    const hang = tool({
      name: "hang",
      description: "Hangs.",
      parameters: t.object({}),
      execute: (_args, _context, { signal }) =>
        new Promise((resolve) =>
          signal?.addEventListener("abort", () => {
            cancelled = true;
            resolve("cancelled");
          }),
        ),
    });
    const mode = createCodeModeTool({ tools: [hang], timeout: 400 });
    assert.match(
      await error(`await tools.hang({})`, mode),
      /The program did not finish within 400 ms, its calls included; it was stopped\./,
    );
    assert.ok(cancelled, "the call still running was cancelled");
  },
);

limits("a cancelled program (the loop gave up on its call) stops its sandbox at once", async () => {
  const controller = new AbortController();
  const mode = createCodeModeTool({ tools: [weather], timeout: 60_000 });
  const pending = mode.execute(
    { code: "await tools.get_weather({ city: 'Rome' }); await new Promise(() => {})" },
    undefined,
    {
      signal: controller.signal,
    },
  );
  setTimeout(() => controller.abort(), 200);
  assert.match(failed(await pending, "a cancelled program"), /The program was cancelled; its sandbox was stopped\./);
});

limits("the tools object is frozen, and a forged name is refused by the host", async () => {
  const out = await value(
    `"use strict"; const errors = []; try { tools.get_weather = () => 1 } catch (e) { errors.push(e.name) } try { tools.evil = () => 1 } catch (e) { errors.push(e.name) } return [errors, Object.keys(tools)]`,
  );
  assert.equal(out, [
    ["TypeError", "TypeError"],
    ["get_weather", "to_fahrenheit", "round_to", "send_email"],
  ]);
});

limits(
  "the host checks every message itself: what a forged one asks is refused as a program's call would be",
  async () => {
    const limitsGiven = { maxCalls: 2, maxConcurrentCalls: 1, maxInput: 20, maxResult: 1000 };
    // From the source, as programCalls is (Deno and Bun run the other tools from the built bundle: another Tool class).
    const sourceWeather = sourceTool({
      name: "get_weather",
      description: "Current weather for a city.",
      parameters: sourceT.object({ city: sourceT.string() }),
      execute: ({ city }) => ({ city, temperature: city.length * 3 }),
    });
    const onCall = programCalls(new Map([["get_weather", sourceWeather]]), limitsGiven, {}, "forged");
    assert.equal(await onCall("process", "{}"), {
      ok: false,
      error: 'There is no tool "process". Available: get_weather.',
    });
    assert.equal(await onCall("get_weather", JSON.stringify({ city: "x".repeat(30) })), {
      ok: false,
      error:
        "tools.get_weather was not called: its input is 41 characters long as JSON, more than the limit of 20. Send less.",
    });
    const [first, second] = await Promise.all([
      onCall("get_weather", '{"city":"Rome"}'),
      onCall("get_weather", '{"city":"Oslo"}'),
    ]);
    assert.equal(first, { ok: true, value: { city: "Rome", temperature: 12 } });
    assert.match(
      String((second as { error: string }).error),
      /1 calls are running, the most one program may have at once/,
    );
    assert.equal(await onCall("get_weather", '{"city":"Oslo"}'), {
      ok: true,
      value: { city: "Oslo", temperature: 12 },
    });
    assert.match(
      String(((await onCall("get_weather", '{"city":"Bern"}')) as { error: string }).error),
      /has made 2 calls/,
    );
  },
);

const sourcesSuite = suite("code mode: every source of tools, through runTools");
const sources = workersBlocked ? sourcesSuite.skip : sourcesSuite;

/**
 * An MCP server's tools, over the handler directly (no socket: every runtime): through connectMCP, which loads the
 * MCP SDK at run time; in browsers, where a page cannot load a package by name, through mcpTools on the SDK's Client.
 */
async function mcpDictionary(): Promise<{ tools: AnyTool[]; close(): Promise<void> }> {
  const registry = new ToolRegistry().register(
    tool({
      name: "define",
      description: "Defines a word.",
      parameters: t.object({ word: t.string() }),
      execute: ({ word }) => `${word}: a word`,
    }),
  );
  const handler = mcpHttpHandler(registry);
  const fetch = (input: string | URL | Request, init?: RequestInit) => handler(new Request(input, init));
  if (!env.startsWith("chromium")) return connectMCP({ url: "http://127.0.0.1/mcp", fetch });
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch }));
  return { tools: (await mcpTools(client)).tools, close: () => client.close() };
}

/** Node runs programs in a child process (default) or a worker thread: both carry the calls. */
const isolations = env === "node" ? (["process", "worker"] as const) : [undefined];

sources("three local tools and one MCP tool in one program, one model turn for all of them", async () => {
  for (const isolation of isolations) await threeAndOne(isolation);
});

async function threeAndOne(isolation: "process" | "worker" | undefined): Promise<void> {
  const mcp = await mcpDictionary();
  try {
    const mode = createCodeModeTool({
      tools: [weather, convert, round, ...mcp.tools],
      ...(isolation && { isolation }),
    });
    assert.match(mode.description, "define(input: {\n    word: string;\n  }): Promise<unknown>;");
    const code = `const w = await tools.get_weather({ city: "Oslo" });
const f = await tools.round_to({ x: await tools.to_fahrenheit({ celsius: w.temperature }), digits: 0 });
const d = await tools.define({ word: w.city });
return { f, d };`;
    const { chat, sent: requests } = scriptedChat({ calls: [["p1", "run_program", { code }]] }, { text: "Done." });
    const out = await runTools({ provider: "openai", chat, request: { model: "m", messages: [] }, tools: [mode] });
    assert.is(out.text, "Done.");
    assert.is(requests.length, 2, "two model turns");
    const result = out.steps[0]!.results[0]!.result as ToolResult;
    assert.equal(succeeded(result, "the program"), { f: 54, d: "Oslo: a word" });
  } finally {
    await mcp.close();
  }
}

sources("deferred tools: find_tools gives their declarations, and the program calls them", async () => {
  const hidden = tool({
    name: "ship_order",
    description: "Ships an order.",
    parameters: t.object({ id: t.string() }),
    defer: true,
    execute: ({ id }) => `shipped ${id}`,
  });
  const mode = createCodeModeTool({ tools: [weather, hidden] });
  assert.not.match(mode.description, "ship_order(");
  assert.match(mode.description, "1 more tools load on demand");
  const out = await value(
    `const found = await tools.find_tools({ query: "ship" }); return [found, await tools.ship_order({ id: "A1" })]`,
    mode,
  );
  assert.equal(out, [
    [
      {
        name: "ship_order",
        declaration: "/** Ships an order. */\n  ship_order(input: {\n    id: string;\n  }): Promise<unknown>;",
      },
    ],
    "shipped A1",
  ]);
});

declared.run();
pathSuite.run();
limitsSuite.run();
sourcesSuite.run();
console.log(`code mode (${env}): local, functionToTool, MCP and deferred tools through one program`);
