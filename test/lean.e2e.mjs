#!/usr/bin/env node
// Each lean entry tested in a bundle of its own, without the root: a program that imports only that entry (by its
// package name, through package.json's "exports", from dist/) is bundled alone and minified by esbuild, then run in
// Node. Its checks run inside the bundle (a wrong answer throws, naming what was wrong), and the bundle must hold no
// code of the root entry (`src/batteries.ts`, marked by its messages), so nothing here passes because another test
// loaded the root. Prints `N passed, N failed` and exits 1 when anything failed. Needs dist/ built.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { appBundle } from "../bench/app-bundle.mjs";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { check, expect, finish } = createChecks();

// Strings only the root entry's own module has (its string targets and its wrappers' errors).
const ROOT_MARKERS = ["unknown target"];
const rootModule = readFileSync(join(root, "dist/batteries.js"), "utf8");

// The program each entry is tested by: it imports that entry only, checks what it gets, and exports a summary.
const ASSERT = `const ok = (condition, what) => { if (!condition) throw new Error("wrong: " + what); };`;
const PROGRAMS = {
  "tooltype/t": `import * as t from "tooltype/t"; ${ASSERT}
    const d = t.object({ city: t.string(), days: t.optional(t.integer({ minimum: 1 })) });
    ok(JSON.stringify(d).includes('"required":["city"]'), "a descriptor is its JSON Schema");
    export default "t";`,
  "tooltype/schema": `import * as t from "tooltype/t"; import { toJSONSchema, fromJSONSchema } from "tooltype/schema"; ${ASSERT}
    const schema = toJSONSchema(t.object({ a: t.nullable(t.string()) }));
    ok(schema.required[0] === "a" && JSON.stringify(schema.properties.a).includes("null"), "toJSONSchema");
    ok(typeof fromJSONSchema(schema) === "object", "fromJSONSchema");
    export default "schema";`,
  "tooltype/dialects": `import * as t from "tooltype/t"; import { toJSONSchema } from "tooltype/schema"; import { openaiStrict, gemini } from "tooltype/dialects"; ${ASSERT}
    const d = t.object({ a: t.optional(t.string()) });
    ok(toJSONSchema(d, { target: openaiStrict }).additionalProperties === false, "openaiStrict closes objects");
    ok(toJSONSchema(d, { target: gemini }).type === "OBJECT", "gemini's spelling");
    export default "dialects";`,
  "tooltype/guard": `import * as t from "tooltype/t"; import { compile, untrusted } from "tooltype/guard"; ${ASSERT}
    const guard = compile(t.object({ n: t.integer({ minimum: 1 }) }));
    ok(guard({ n: 2 }) && !guard({ n: 0 }) && guard.errors({ n: 0 })[0].path === "/n", "verdicts and issues");
    ok(guard.mode === "interpret", "the lean compile interprets");
    let refused = false; try { compile({ type: "string", pattern: "^(a+)+$" }, { untrusted }); } catch { refused = true; }
    ok(refused, "an exponential pattern refused for an untrusted schema");
    export default "guard";`,
  "tooltype/jit": `import { compile } from "tooltype/guard"; import { jit } from "tooltype/jit"; ${ASSERT}
    const guard = compile({ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, { jit });
    ok(guard.mode === "eval" && guard({ a: "x" }) && !guard({}), "generated code");
    export default "jit";`,
  "tooltype/aot": `import { aotGuard, aotHelpers } from "tooltype/aot"; ${ASSERT}
    const guard = aotGuard({ type: "string", minLength: 1 }, ((H) => (v) => typeof v === "string" && H.longEnough(v, 1))(aotHelpers));
    ok(guard("a") && !guard("") && guard.mode === "aot", "an ahead-of-time guard");
    export default "aot";`,
  "tooltype/tools": `import * as t from "tooltype/t"; import { tool, ToolRegistry, toOpenAIFormat, Tool, OPENAI_RULES } from "tooltype/tools"; ${ASSERT}
    const weather = tool({ name: "get_weather", description: "Weather.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
    ok(weather instanceof Tool && !("toOpenAIFormat" in weather), "a lean tool has no format methods");
    ok(toOpenAIFormat(weather, { strict: true, dialect: OPENAI_RULES }).function.strict === true, "the format function");
    let refused = "";
    try { toOpenAIFormat(weather, { strict: true }); } catch (error) { refused = error.message; }
    ok(refused.includes("pass dialect: OPENAI_RULES"), "strict without the strict rules: " + refused);
    const registry = new ToolRegistry().register(weather);
    const results = await Promise.all([registry.execute("get_weather", '{"city":"Oslo"}'), registry.execute("nope", {})]);
    ok(results[0].value === "Oslo" && !results[1].success, "execute");
    export default "tools";`,
  "tooltype/source": `import { functionToTool } from "tooltype/source"; ${ASSERT}
    const greet = functionToTool(function greet_person(name, greeting = "Hello") { "Greets a person."; return greeting + ", " + name; });
    ok(greet.name === "greet_person" && greet.parameters.required.join() === "name", "read from the function's source");
    ok((await greet.execute({ name: "Ada" })).value === "Hello, Ada", "runs with the default");
    export default "source";`,
  "tooltype/calls": `import { createToolCallStream, parseToolCalls, toToolMessages } from "tooltype/calls"; import { openai } from "tooltype/providers/openai"; import { anthropic } from "tooltype/providers/anthropic"; ${ASSERT}
    const stream = createToolCallStream(openai);
    stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c1", function: { name: "f", arguments: '{"a":' } }] } }] });
    stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: "1}" } }] } }] });
    ok(stream.calls()[0].arguments.a === 1, "stream assembly");
    const calls = parseToolCalls({ content: [{ type: "tool_use", id: "t1", name: "f", input: { a: 1 } }] }, anthropic);
    ok(calls[0].id === "t1" && toToolMessages([{ id: "t1", name: "f", result: { success: true, value: 2 } }], anthropic)[0].role === "user", "parse and answer");
    let named = ""; try { parseToolCalls({}, "openai"); } catch (e) { named = e.message; }
    ok(named.includes("provider must be a provider value"), "a name is refused, naming what to import");
    export default "calls";`,
  "tooltype/agent": `import * as t from "tooltype/t"; import { tool } from "tooltype/tools"; import { runTools } from "tooltype/agent"; import { openai } from "tooltype/providers/openai"; ${ASSERT}
    const add = tool({ name: "add", description: "Adds.", parameters: t.object({ a: t.number(), b: t.number() }), execute: ({ a, b }) => a + b });
    const answers = [
      { choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "add", arguments: '{"a":2,"b":3}' } }] }, finish_reason: "tool_calls" }] },
      { choices: [{ index: 0, message: { role: "assistant", content: "5" }, finish_reason: "stop" }] },
    ];
    let n = 0;
    const out = await runTools({ provider: openai, chat: async () => answers[n++], request: { model: "m", messages: [{ role: "user", content: "2+3?" }] }, tools: [add] });
    ok(out.text === "5" && out.steps[0].results[0].result.value === 5, "the loop ran the call and answered");
    export default "agent";`,
  "tooltype/mcp": `import * as t from "tooltype/t"; import { tool, ToolRegistry } from "tooltype/tools"; import { mcpHandlers } from "tooltype/mcp"; ${ASSERT}
    const registry = new ToolRegistry().register(tool({ name: "add", description: "Adds.", parameters: t.object({ a: t.number(), b: t.number() }), execute: ({ a, b }) => a + b }));
    const { listTools, callTool } = mcpHandlers(registry);
    ok((await listTools()).tools[0].inputSchema.type === "object", "tools/list");
    ok((await callTool({ name: "add", arguments: { a: 2, b: 3 } })).content[0].text === "5", "tools/call");
    export default "mcp";`,
  "tooltype/restate": `import * as t from "tooltype/t"; import { tool } from "tooltype/tools"; import { runTools } from "tooltype/agent"; import { restateJournal } from "tooltype/restate"; import { openai } from "tooltype/providers/openai"; ${ASSERT}
    const add = tool({ name: "add", description: "Adds.", parameters: t.object({ a: t.number(), b: t.number() }), execute: ({ a, b }) => a + b });
    const answers = [
      { choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "add", arguments: '{"a":2,"b":3}' } }] }, finish_reason: "tool_calls" }] },
      { choices: [{ index: 0, message: { role: "assistant", content: "5" }, finish_reason: "stop" }] },
    ];
    const steps = [];
    const ctx = { run: async (name, action) => (steps.push(name), JSON.parse(JSON.stringify((await action()) ?? null))), awakeable: () => ({ id: "a", promise: Promise.resolve(true) }) };
    let n = 0;
    const out = await runTools({ provider: openai, chat: async () => answers[n++], request: { model: "m", messages: [{ role: "user", content: "2+3?" }] }, tools: [add], journal: restateJournal(ctx) });
    ok(out.text === "5" && steps.join() === "run id,request 1,decide 1,call 1 c1,request 2", "each effect a step: " + steps.join());
    export default "restate";`,
  "tooltype/builtins": `import { createCalculatorTool, createDatetimeTool } from "tooltype/builtins"; ${ASSERT}
    ok((await createCalculatorTool().execute({ expression: "2 ** 10" })).value === 1024, "the calculator");
    ok(typeof (await createDatetimeTool().execute({})).value === "string", "the date and time");
    export default "builtins";`,
};

// Each provider's subpath: its value and its format function, bundled with tooltype/calls; no other provider's value
// module is in the bundle (esbuild's metafile lists its inputs), so a one-provider app bundles one provider.
const PROVIDER_NAMES = ["openai", "responses", "anthropic", "gemini", "bedrock", "mistral", "ollama", "cohere", "mcp"];
const FORMAT_OF = {
  responses: "toResponsesFormat",
  anthropic: "toAnthropicFormat",
  gemini: "toGeminiFormat",
  mcp: "toMCPFormat",
};
const ANSWERS = {
  openai:
    "{ choices: [{ message: { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{\"a\":1}' } }] } }] }",
  responses: "{ output: [{ type: 'function_call', call_id: 'c1', name: 'f', arguments: '{\"a\":1}' }] }",
  anthropic: "{ content: [{ type: 'tool_use', id: 'c1', name: 'f', input: { a: 1 } }] }",
  gemini:
    "{ candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'f', args: { a: 1 } } }] } }] }",
  bedrock:
    "{ output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 'c1', name: 'f', input: { a: 1 } } }] } }, stopReason: 'tool_use' }",
  mistral:
    "{ choices: [{ message: { role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{\"a\":1}' } }] } }] }",
  ollama:
    "{ message: { role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'f', arguments: { a: 1 } } }] }, done: true }",
  cohere:
    "{ message: { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{\"a\":1}' } }] }, finish_reason: 'TOOL_CALL' }",
  mcp: "{ role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: { a: 1 } }], model: 'm' }",
};
for (const name of PROVIDER_NAMES) {
  const format = FORMAT_OF[name] ?? "toOpenAIFormat";
  PROGRAMS[`tooltype/providers/${name}`] =
    `import * as t from "tooltype/t"; import { tool } from "tooltype/tools"; import { parseToolCalls } from "tooltype/calls"; import { ${name}, ${format} } from "tooltype/providers/${name}"; ${ASSERT}
    const f = tool({ name: "f", description: "F.", parameters: t.object({ a: t.number() }), execute: ({ a }) => a });
    ok(typeof ${format}(f) === "object", "its format function");
    const calls = parseToolCalls(${ANSWERS[name]}, ${name});
    ok(calls.length === 1 && calls[0].name === "f" && calls[0].arguments.a === 1, "its calls read");
    export default "providers/${name}";`;
}
const OTHERS = (entry) =>
  PROVIDER_NAMES.filter((other) => entry.startsWith("tooltype/providers/") && !entry.endsWith(`/${other}`));

// Minifying renames a function and its parameters, which reading a function's source at run time needs (the build
// plugin is the answer there): that entry's program is bundled without minifying.
const UNMINIFIED = new Set(["tooltype/source"]);

for (const [entry, program] of Object.entries(PROGRAMS)) {
  const minify = !UNMINIFIED.has(entry);
  await check(
    `${entry} bundled alone (esbuild${minify ? ", minified" : ""}), run in Node: its checks pass, and no root code is in it`,
    async () => {
      const { result, code } = await appBundle({
        stdin: { contents: program, resolveDir: root, loader: "js" },
        platform: "node",
        external: ["typescript"],
        minify,
        metafile: true,
      });
      expect(!result.errors.length, result.errors.map((e) => e.text).join("\n"));
      const found = ROOT_MARKERS.filter((marker) => code.includes(marker));
      expect(!found.length, `the root entry's code is in the bundle: ${found.join(", ")}`);
      const inputs = Object.keys(result.metafile.inputs);
      const others = OTHERS(entry).filter((other) => inputs.some((i) => i.includes(`dist/providers/${other}/`)));
      expect(!others.length, `other providers are in the bundle: ${others.join(", ")}`);
      // The bundle's own message, without a stack that would print the whole bundle as a data: URL.
      const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`).catch(
        (error) => {
          throw new Error(String(error?.message ?? error));
        },
      );
      expect(module.default === entry.replace("tooltype/", ""), `the program ended with ${module.default}`);
    },
  );
}
await check("the markers of the root entry are in its module (so their absence above means something)", () => {
  for (const marker of ROOT_MARKERS) expect(rootModule.includes(marker), `dist/batteries.js does not hold "${marker}"`);
});

finish();
