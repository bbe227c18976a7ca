// The lean entries (package.json "exports") are the root's modules: an app that mixes them carries each
// module once, and identity holds across them (classes, symbols, caches). Each entry works on its own.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as root from "tooltype";
import * as types from "tooltype/t";
import * as schema from "tooltype/schema";
import * as dialects from "tooltype/dialects";
import * as guard from "tooltype/guard";
import { jit } from "tooltype/jit";
import * as tools from "tooltype/tools";
import * as source from "tooltype/source";
import * as calls from "tooltype/calls";
import * as agent from "tooltype/agent";
import * as mcp from "tooltype/mcp";

const entries = suite("lean entries");

entries("tooltype/t exports each builder by itself too, the same functions as t's (so import * as t shakes)", () => {
  const builders = Object.keys(types.t);
  assert.ok(builders.length >= 20 && builders.includes("object") && builders.includes("null") && builders.includes("enum"), builders.join());
  for (const name of builders) assert.is((types as Record<string, unknown>)[name], (types.t as Record<string, unknown>)[name], name);
  assert.equal(types.object({ a: types.string() }), types.t.object({ a: types.t.string() }));
});

entries("classes, symbols and functions are the same objects through the root and the subpaths", () => {
  assert.is(root.Tool, tools.Tool);
  assert.is(root.ToolRegistry, tools.ToolRegistry);
  assert.is(root.SchemaError, guard.SchemaError);
  assert.is(root.ValidationError, guard.ValidationError);
  assert.is(root.ConversionError, schema.ConversionError);
  assert.is(root.Kind, types.Kind);
  assert.is(root.t.object, types.t.object);
  assert.is(root.jit, jit);
  assert.is(root.fromJSONSchema, schema.fromJSONSchema);
  assert.is(root.standard, guard.standard);
  assert.is(root.functionToToolFromSource, source.functionToToolFromSource);
  assert.is(root.parseToolCalls, calls.parseToolCalls);
  assert.is(root.runTools, agent.runTools);
  assert.is(root.mcpHandlers, mcp.mcpHandlers);
});

entries("a tool made through one entry is a Tool of the other, and registers in the root's registry", async () => {
  const made = tools.tool({ name: "echo", description: "Echo.", parameters: types.t.object({ s: types.t.string() }), execute: ({ s }) => s });
  assert.ok(made instanceof root.Tool);
  const registry = new root.ToolRegistry().register(made, source.functionToTool(function add(a = 0, b = 0) { return a + b; }, { description: "Adds." }));
  assert.equal(await registry.execute("echo", { s: "x" }), { success: true, value: "x" });
  assert.equal(tools.toOpenAIFormat(made), made.toOpenAIFormat());
});

entries("tooltype/guard compiles the interpreter; with jit, generated code where eval is allowed", () => {
  const d = types.t.object({ n: types.t.integer({ minimum: 1 }) });
  const interpreted = guard.compile(d);
  assert.is(interpreted.mode, "interpret");
  assert.is(interpreted.code, undefined);
  const jitted = guard.compile(d, { jit });
  assert.is(jitted.mode, root.allowsEval() ? "eval" : "interpret");
  for (const value of [{ n: 1 }, { n: 0 }, { n: "1" }, {}, null]) {
    assert.is(interpreted(value), jitted(value));
    assert.equal(interpreted.errors(value), jitted.errors(value));
  }
  assert.throws(() => guard.compile(d, { eval: true }), /needs generated code: pass \{ jit \}/);
});

entries("tooltype/schema takes dialects as values; the root also takes their names", () => {
  const d = types.t.object({ city: types.t.optional(types.t.string()) });
  const strict = schema.toJSONSchema(d, { target: dialects.openaiStrict });
  assert.equal(strict, root.toJSONSchema(d, { target: "openai-strict" }));
  assert.equal(strict.required, ["city"]);
  assert.equal(root.toJSONSchema(d, { target: dialects.gemini }), root.toJSONSchema(d, { target: "gemini" }));
  assert.throws(() => schema.toJSONSchema(d, { target: "openai-strict" as never }), /target must be a dialect such as openaiStrict/);
  assert.throws(() => root.toJSONSchema(d, { target: "openai-strictt" as never }), /unknown target "openai-strictt"/);
});

entries("fromJSONSchema: a plain schema as a descriptor, written back unchanged, usable in t.object and tools", async () => {
  const input = { type: "object", properties: { query: { type: "string", minLength: 1 } }, required: ["query"], additionalProperties: false };
  const Search = schema.fromJSONSchema<{ query: string }>(input);
  assert.ok(types.isDescriptor(Search));
  assert.equal(schema.toJSONSchema(Search), input);
  assert.equal(schema.toJSONSchema(types.t.object({ search: Search })).properties, { search: input });
  const search = tools.tool({ name: "search", description: "Search.", parameters: Search, execute: ({ query }) => query.toUpperCase() });
  assert.equal(await search.execute({ query: "x" }), { success: true, value: "X" });
  const refused = await search.execute({ query: "" });
  assert.ok(!refused.success && /at least 1 characters/.test(refused.error));
  assert.throws(() => schema.fromJSONSchema([] as never), /expects a JSON Schema object or a boolean, received an array/);
  assert.equal(schema.toJSONSchema(schema.fromJSONSchema(false)), { not: {} });
});

entries("a guard is accepted as tool parameters: its schema describes the tool, it checks the arguments", async () => {
  const isArgs = root.compile({ type: "object", properties: { a: { type: "integer" } }, required: ["a"] });
  const double = tools.tool({ name: "double", description: "Doubles.", parameters: isArgs, execute: (args) => (args as { a: number }).a * 2 });
  assert.equal(double.parameters, isArgs.schema);
  assert.equal(await double.execute('{"a":2}'), { success: true, value: 4 });
  assert.not.ok((await double.execute('{"a":"2"}')).success);
});

entries.run();
