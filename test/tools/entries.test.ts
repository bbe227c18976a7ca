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
import { openai } from "tooltype/providers/openai";
import * as mcp from "tooltype/mcp";
import * as builtins from "tooltype/builtins";

const entries = suite("lean entries");

entries("tooltype/t exports each builder by itself too, the same functions as t's (so import * as t shakes)", () => {
  const builders = Object.keys(types.t);
  assert.ok(
    builders.length >= 20 && builders.includes("object") && builders.includes("null") && builders.includes("enum"),
    builders.join(),
  );
  for (const name of builders)
    assert.is((types as Record<string, unknown>)[name], (types.t as Record<string, unknown>)[name], name);
  assert.equal(types.object({ a: types.string() }), types.t.object({ a: types.t.string() }));
});

entries("classes, symbols and functions are the same objects through the root and the subpaths", () => {
  // The root's Tool and ToolRegistry are subclasses whose bodies add the format methods; the lean classes have none.
  assert.is(Object.getPrototypeOf(root.Tool), tools.Tool);
  assert.is(Object.getPrototypeOf(root.ToolRegistry), tools.ToolRegistry);
  for (const method of ["toOpenAIFormat", "toResponsesFormat", "toAnthropicFormat", "toGeminiFormat", "toMCPFormat"]) {
    assert.ok(Object.hasOwn(root.Tool.prototype, method) && Object.hasOwn(root.ToolRegistry.prototype, method), method);
    assert.not.ok(
      method in tools.Tool.prototype || method in tools.ToolRegistry.prototype,
      `${method} on a lean class`,
    );
  }
  assert.is(root.SchemaError, guard.SchemaError);
  assert.is(root.ValidationError, guard.ValidationError);
  assert.is(root.ConversionError, schema.ConversionError);
  assert.is(root.Kind, types.Kind);
  assert.is(root.t.object, types.t.object);
  assert.is(root.jit, jit);
  assert.is(root.fromJSONSchema, schema.fromJSONSchema);
  assert.is(root.standard, guard.standard);
  assert.is(root.createCallTracker, calls.createCallTracker);
  assert.is(root.stepCountIs, agent.stepCountIs);
  // The root's functions that take a provider take its name too; the lean entries' take the value alone.
  assert.not.equal(root.parseToolCalls, calls.parseToolCalls);
  assert.equal(root.parseToolCalls({ choices: [] }, "openai"), calls.parseToolCalls({ choices: [] }, openai));
  assert.throws(
    () => calls.parseToolCalls({ choices: [] }, "openai" as never),
    /names are taken by the "tooltype" entry only/,
  );
  assert.is(root.openai, openai);
  assert.is(root.mcpHandlers, mcp.mcpHandlers);
});

entries(
  "a lean tool is a Tool without format methods, even with the root loaded, and registers in the root's registry",
  async () => {
    const made = tools.tool({
      name: "echo",
      description: "Echo.",
      parameters: types.t.object({ s: types.t.string() }),
      execute: ({ s }) => s,
    });
    assert.ok(made instanceof tools.Tool);
    assert.not.ok(made instanceof root.Tool);
    assert.not.ok("toOpenAIFormat" in made);
    const add = source.functionToTool(
      function add(a = 0, b = 0) {
        return a + b;
      },
      { description: "Adds." },
    );
    assert.not.ok("toAnthropicFormat" in add);
    const registry = new root.ToolRegistry().register(made, add);
    assert.equal(await registry.execute("echo", { s: "x" }), { success: true, value: "x" });
    assert.equal(registry.toOpenAIFormat(), [tools.toOpenAIFormat(made), tools.toOpenAIFormat(add)]);
    assert.not.ok("toOpenAIFormat" in new tools.ToolRegistry());
  },
);

entries(
  "the root's tool, functionToTool, toolsFrom, functionToToolFromSource and the builtins make the root's Tool",
  () => {
    const params = types.t.object({ s: types.t.string() });
    const made = [
      root.tool({ name: "echo", description: "Echo.", parameters: params, execute: ({ s }) => s }),
      // Descriptions given, not read: Bun drops docstrings from function source.
      root.tool(
        function ping(host = "") {
          return host;
        },
        { description: "Pings a host." },
      ),
      root.functionToTool(
        function add(a = 0, b = 0) {
          return a + b;
        },
        { description: "Adds." },
      ),
      root.function_to_tool(
        function sub(a = 0, b = 0) {
          return a - b;
        },
        { description: "Subtracts." },
      ),
      ...root.toolsFrom(
        {
          mul(a = 0, b = 0) {
            return a * b;
          },
        },
        { methods: { mul: { description: "Multiplies." } } },
      ),
      root.functionToToolFromSource('function ping(host) { "Pings a host." }'),
      new root.Tool({ name: "plain", description: "Plain.", parameters: params, run: () => 1 }),
      builtins.createCalculatorTool(),
      builtins.createDatetimeTool(),
      builtins.createCodeModeTool({ tools: [builtins.createCalculatorTool()] }),
    ];
    assert.is(made.length, 10);
    for (const tool of made) {
      assert.ok(tool instanceof root.Tool && tool instanceof tools.Tool, tool.name);
      assert.equal(
        tool.toOpenAIFormat({ strict: true }),
        tools.toOpenAIFormat(tool, { strict: true, dialect: tools.OPENAI_RULES }),
        tool.name,
      );
      assert.equal(tool.toAnthropicFormat(), tools.toAnthropicFormat(tool), tool.name);
      assert.equal(tool.toGeminiFormat(), tools.toGeminiFormat(tool), tool.name);
      assert.equal(tool.toMCPFormat(), tools.toMCPFormat(tool), tool.name);
      assert.equal(tool.toResponsesFormat(), tools.toResponsesFormat(tool), tool.name);
    }
  },
);

entries(
  "toolsFrom of the root makes the root's Tool of methods decorated through tooltype/source, and the other way round",
  () => {
    // The decorator, called as a class would call it: its initializer makes the tool when the object is made.
    const decorate = (decorator: ReturnType<typeof source.tool>, owner: object, name: string) => {
      const initializers: ((this: unknown) => void)[] = [];
      decorator((owner as Record<string, never>)[name]!, {
        kind: "method",
        name,
        private: false,
        addInitializer: (f: () => void) => initializers.push(f),
      } as never);
      for (const f of initializers) f.call(owner);
    };
    const calc = {
      add(a = 0, b = 0) {
        return a + b;
      },
    };
    decorate(source.tool({ description: "Adds." }), calc, "add");
    const [lean] = source.toolsFrom(calc);
    assert.ok(lean instanceof tools.Tool && !(lean instanceof root.Tool));
    const [rooted] = root.toolsFrom(calc);
    assert.ok(rooted instanceof root.Tool);
    assert.equal(rooted!.toOpenAIFormat(), tools.toOpenAIFormat(lean!));
    const other = {
      sub(a = 0, b = 0) {
        return a - b;
      },
    };
    decorate(root.tool({ description: "Subtracts." }), other, "sub");
    assert.ok(source.toolsFrom(other)[0] instanceof root.Tool);
  },
);

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
  assert.throws(
    () => schema.toJSONSchema(d, { target: "openai-strict" as never }),
    /target must be a dialect such as openaiStrict/,
  );
  assert.throws(() => root.toJSONSchema(d, { target: "openai-strictt" as never }), /unknown target "openai-strictt"/);
});

entries(
  "fromJSONSchema: a plain schema as a descriptor, written back unchanged, usable in t.object and tools",
  async () => {
    const input = {
      type: "object",
      properties: { query: { type: "string", minLength: 1 } },
      required: ["query"],
      additionalProperties: false,
    };
    const Search = schema.fromJSONSchema<{ query: string }>(input);
    assert.ok(types.isDescriptor(Search));
    assert.equal(schema.toJSONSchema(Search), input);
    assert.equal(schema.toJSONSchema(types.t.object({ search: Search })).properties, { search: input });
    const search = tools.tool({
      name: "search",
      description: "Search.",
      parameters: Search,
      execute: ({ query }) => query.toUpperCase(),
    });
    assert.equal(await search.execute({ query: "x" }), { success: true, value: "X" });
    const refused = await search.execute({ query: "" });
    assert.ok(!refused.success && /at least 1 characters/.test(refused.error));
    assert.throws(
      () => schema.fromJSONSchema([] as never),
      /expects a JSON Schema object or a boolean, received an array/,
    );
    assert.equal(schema.toJSONSchema(schema.fromJSONSchema(false)), { not: {} });
  },
);

entries("a guard is accepted as tool parameters: its schema describes the tool, it checks the arguments", async () => {
  const isArgs = root.compile({ type: "object", properties: { a: { type: "integer" } }, required: ["a"] });
  const double = tools.tool({
    name: "double",
    description: "Doubles.",
    parameters: isArgs,
    execute: (args) => (args as { a: number }).a * 2,
  });
  assert.equal(double.parameters, isArgs.schema);
  assert.equal(await double.execute('{"a":2}'), { success: true, value: 4 });
  assert.not.ok((await double.execute('{"a":"2"}')).success);
});

entries.run();
