// What tooltype/build hands the runtime: functionToTool's `declared` option, toolsFrom's per-method options, and
// aotGuard around a predicate compiled ahead of time. Runs in every runtime (no TypeScript compiler needed).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { functionToTool, t, tool, toolsFrom, ValidationError } from "tooltype";
import { aotGuard } from "tooltype/aot";

const declared = suite("build: declared options and aotGuard");

// As a minifier leaves it: renamed parameters, no comments.
const minified = (n: string, o: number) => `${n}:${o}`;

declared("declared parameters replace the source text: names, types, docs, optional and defaults", async () => {
  const tool = functionToTool(minified, {
    name: "get_weather",
    description: "Weather for a city.",
    defaults: true,
    declared: {
      parameters: [
        { name: "city", type: t.string(), description: "City name" },
        { name: "days", type: t.number(), optional: true, default: 3 },
      ],
    },
  });
  assert.equal(tool.parameters, {
    type: "object",
    properties: {
      city: { type: "string", description: "City name" },
      days: { type: "number", default: 3, description: "Parameter days of type number" },
    },
    required: ["city"],
  });
  assert.equal(await tool.execute({ city: "Oslo", days: 2 }), { success: true, value: "Oslo:2" });
  assert.equal((await tool.execute({ days: 2 })).success, false);
});

declared("a parameter without a declared type is typed as at run time; given parameters win name by name", () => {
  const tool = functionToTool(minified, {
    name: "f",
    description: "F.",
    parameters: { b: t.integer() },
    declared: {
      parameters: [
        { name: "a", default: 2 },
        { name: "b", type: t.string() },
      ],
    },
  });
  assert.equal(tool.parameters.properties, {
    a: { type: "integer", description: "Parameter a of type integer" },
    b: { type: "integer", description: "Parameter b of type integer" },
  });
  assert.throws(
    () =>
      functionToTool(minified, {
        name: "f",
        description: "F.",
        parameters: { zz: t.string() },
        declared: { parameters: [{ name: "a" }] },
      }),
    /no parameter named "zz"/,
  );
});

declared("one destructured object, after the context", async () => {
  const fn = (c: { user: string }, { s: status, l: limit = 10 }: { s: string; l?: number }) =>
    `${c.user} ${status} ${limit}`;
  const tool = functionToTool(fn, {
    name: "list_orders",
    description: "Lists orders.",
    context: true,
    declared: {
      parameters: [
        { name: "ctx" },
        { name: "s", type: t.enum(["open", "shipped"]) },
        { name: "l", type: t.number(), optional: true },
      ],
      object: true,
    },
  });
  assert.equal(tool.parameters.required, ["s"]);
  assert.equal(Object.keys(tool.parameters.properties as object), ["s", "l"]);
  assert.equal(await tool.execute({ s: "open" }, { user: "u1" }), { success: true, value: "u1 open 10" });
});

declared("toolsFrom takes each method's declared options", async () => {
  const math = {
    a(x: number, y: number) {
      return x + y;
    },
    b() {
      return 0;
    },
  };
  const tools = toolsFrom(math, {
    methods: {
      a: {
        description: "Adds.",
        declared: {
          parameters: [
            { name: "left", type: t.number() },
            { name: "right", type: t.number() },
          ],
        },
      },
    },
  });
  assert.equal(
    tools.map((x) => x.name),
    ["a"],
  );
  assert.equal(Object.keys(tools[0]!.parameters.properties as object), ["left", "right"]);
  assert.equal(await tools[0]!.execute({ left: 2, right: 3 }), { success: true, value: 5 });
});

declared("tool(fn) is functionToTool(fn); a bare @tool is told to take parentheses", async () => {
  const made = tool(minified, {
    name: "pair",
    description: "Pairs.",
    declared: {
      parameters: [
        { name: "n", type: t.string() },
        { name: "o", type: t.number() },
      ],
    },
  });
  assert.is(made.name, "pair");
  assert.equal(await made.execute({ n: "a", o: 1 }), { success: true, value: "a:1" });
  assert.throws(
    () => (tool as unknown as (f: unknown, c: unknown) => unknown)(minified, { kind: "method", addInitializer() {} }),
    /with parentheses/,
  );
});

declared("aotGuard: the predicate answers, the interpreter lists errors, a Standard Schema", () => {
  let calls = 0;
  const schema = { type: "object", properties: { q: { type: "string", minLength: 1 } }, required: ["q"] } as const;
  const guard = aotGuard(schema, (v) => {
    calls++;
    return (
      typeof v === "object" &&
      v !== null &&
      typeof (v as { q?: unknown }).q === "string" &&
      (v as { q: string }).q.length >= 1
    );
  });
  assert.is(guard.mode, "aot");
  assert.ok(guard({ q: "x" }));
  assert.is(calls, 1);
  assert.not.ok(guard({ q: "" }));
  assert.equal(guard.errors({ q: "x" }), []);
  assert.equal(
    guard.errors({ q: "" }).map((i) => [i.code, i.path]),
    [["min_length", "/q"]],
  );
  assert.equal(guard.errors({}, { limit: 1 }).length, 1);
  assert.throws(
    () => guard.assert({}),
    (e: unknown) => e instanceof ValidationError,
  );
  assert.equal(guard["~standard"].validate({ q: "x" }), { value: { q: "x" } });
  assert.equal(guard.schema, schema);
  assert.throws(() => aotGuard(schema, undefined as never), /compiled predicate/);
});

declared.run();
