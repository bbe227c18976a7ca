// Cache-stable tool definitions: the same tools give the same bytes on every call and in every process (prompt
// caches match exact prefixes), Anthropic's cache_control on the last tool, and advice when prepareStep changes the
// tool list between turns.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as tooltype from "tooltype";
import { t, tool, runTools, ToolRegistry, ADAPTERS, toAnthropicFormat, toAnthropicTools } from "tooltype";
import { buildRegistry, formatAll } from "../fixtures/cache/tools.mjs";
import * as R from "../support/provider-responses.js";

const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__ ?? "node";

const bytes = suite("the same tools, the same bytes");

bytes(
  "formatting one registry again and again gives identical bytes (past the point where copies are compiled)",
  () => {
    const registry = buildRegistry(tooltype);
    const first = formatAll(registry, tooltype);
    for (let i = 0; i < 100; i++) assert.is(formatAll(registry, tooltype), first, `call ${i + 2}`);
    // A registry built again from the same definitions, after other tools were made, is byte-identical too.
    tool({
      name: "other",
      description: "Another tool first.",
      parameters: t.object({ z: t.string(), a: t.number() }),
      execute: () => 0,
    });
    assert.is(formatAll(buildRegistry(tooltype), tooltype), first);
    assert.ok(first.includes('"cache_control":{"type":"ephemeral"}'));
  },
);

const inNode = env === "node" ? bytes : bytes.skip;

inNode("two processes (one warmed with other tools first) write the same bytes as this one", async () => {
  const specifier = "node:child_process";
  const { execFileSync } = (await import(specifier)) as typeof import("node:child_process");
  const process = (globalThis as unknown as { process: { execPath: string; env: Record<string, string> } }).process;
  const run = (warm: string) =>
    execFileSync(process.execPath, ["test/fixtures/cache/format.mjs"], {
      env: { ...process.env, WARM: warm },
      encoding: "utf8",
    });
  const cold = run("0");
  const warmed = run("1");
  assert.ok(cold.length > 1000);
  assert.is(warmed, cold);
  assert.is(formatAll(buildRegistry(tooltype), tooltype), cold);
});

const cache = suite("Anthropic cache_control");

const a = tool({ name: "a", description: "A.", parameters: t.object({ x: t.string() }), execute: () => 1 });
const b = tool({ name: "b", description: "B.", parameters: t.object({ y: t.string() }), execute: () => 2 });

cache("on the last tool only, from the registry and from toAnthropicTools; a ttl when asked", () => {
  const registry = new ToolRegistry().register(a, b);
  const listed = registry.toAnthropicFormat({ cacheControl: true });
  assert.equal(
    listed.map((tool) => tool.cache_control),
    [undefined, { type: "ephemeral" }],
  );
  assert.ok(!("cache_control" in listed[0]!));
  assert.equal(toAnthropicTools([a, b], { cacheControl: { ttl: "1h" } })[1]!.cache_control, {
    type: "ephemeral",
    ttl: "1h",
  });
  assert.equal(toAnthropicFormat(a, { cacheControl: true }).cache_control, { type: "ephemeral" });
  assert.ok(!("cache_control" in toAnthropicFormat(a)));
  assert.throws(
    () => toAnthropicFormat(a, { cacheControl: { ttl: "2h" } as never }),
    /cacheControl is true or \{ ttl: "5m" \| "1h" \}/,
  );
});

cache("the Anthropic adapter writes it into the request's tools when asked", () => {
  const request = ADAPTERS.anthropic.withTools({ model: "claude" }, [a, b], { cacheControl: true }) as {
    tools: { cache_control?: unknown }[];
  };
  assert.equal(
    request.tools.map((tool) => tool.cache_control),
    [undefined, { type: "ephemeral" }],
  );
  const plain = ADAPTERS.anthropic.withTools({ model: "claude" }, [a, b], {}) as { tools: object[] };
  assert.ok(plain.tools.every((tool) => !("cache_control" in tool)));
});

const advice = suite("prepareStep: advice when the tool list changes between turns");

const weather = tool({
  name: "get_weather",
  description: "Weather.",
  parameters: t.object({ location: t.string(), unit: t.string() }),
  execute: () => "21 °C",
});
const calculator = tool({
  name: "calculator",
  description: "Calculates.",
  parameters: t.object({ expression: t.string() }),
  execute: () => 4,
});
const scripted = () => {
  const answers = [R.openai, R.openaiText];
  return () => answers.shift();
};

advice("a tool dropped on turn 2 is reported as advice; the same list every turn is not", async () => {
  const issues: { kind: string; message: string; provider: string }[] = [];
  await runTools({
    provider: "openai",
    chat: scripted(),
    request: { model: "m", messages: [] },
    tools: [weather, calculator],
    prepareStep: ({ step }) => (step === 2 ? { tools: ["get_weather"] } : undefined),
    onIssue: (issue) => issues.push(issue),
  });
  assert.is(issues.length, 1);
  assert.is(issues[0]!.kind, "advice");
  assert.is(issues[0]!.provider, "openai");
  assert.match(issues[0]!.message, /step 2 offers other tools than step 1 \(removed: calculator\).*prompt cache/);
  const none: unknown[] = [];
  await runTools({
    provider: "openai",
    chat: scripted(),
    request: { model: "m", messages: [] },
    tools: [weather, calculator],
    prepareStep: () => ({ tools: ["get_weather", "calculator"] }),
    onIssue: (issue) => none.push(issue),
  });
  assert.equal(none, []);
});

advice("the same tools in another order are a change too", async () => {
  const issues: { message: string }[] = [];
  await runTools({
    provider: "openai",
    chat: scripted(),
    request: { model: "m", messages: [] },
    tools: [weather, calculator],
    prepareStep: ({ step }) => (step === 2 ? { tools: ["calculator", "get_weather"] } : undefined),
    onIssue: (issue) => issues.push(issue),
  });
  assert.match(issues[0]!.message, /the same tools in another order/);
});

bytes.run();
cache.run();
advice.run();
