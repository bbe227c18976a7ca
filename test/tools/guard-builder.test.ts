// A tool's guard builder is a value: `tool()` from tooltype/tools passes `compileDescriptor` (the t builders' JSON
// Schema), the root entry's `tool` and `Tool` the full `compile`; a lean
// `new Tool` whose parameters are a guard already (one `tooltype compile` wrote, or compile's) needs none, and one
// given a descriptor or JSON Schema without it says where the builder comes from.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t } from "tooltype/t";
import { compile, compileDescriptor } from "tooltype/guard";
import { jit } from "tooltype/jit";
import { generatedGuard } from "tooltype/aot";
import { Tool, tool, toOpenAIFormat } from "tooltype/tools";
import { Tool as RootTool, tool as rootTool, allowsEval } from "tooltype";

const b = suite("the guard builder: taken as a value, needed only where a schema is compiled");

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] } as const;
// A guard written ahead of time: its predicate and its error report are plain functions.
const written = generatedGuard(
  schema,
  (v) => typeof v === "object" && v !== null && typeof (v as { city?: unknown }).city === "string",
  (v, issues) =>
    void issues.push({
      code: "type",
      path: "/city",
      message: `Expected string, received ${typeof (v as { city?: unknown })?.city}`,
    }),
);

b("new Tool from an ahead-of-time guard: described, checked by that guard, run", async () => {
  const weather = new Tool<{ city: string }>({
    name: "get_weather",
    description: "Weather.",
    parameters: written,
    run: ({ city }) => `Sunny in ${city}`,
  });
  assert.equal(toOpenAIFormat(weather).function.parameters, schema);
  assert.equal(await weather.execute('{"city":"Oslo"}'), { success: true, value: "Sunny in Oslo" });
  const refused = await weather.execute({ city: 5 });
  assert.is(refused.success, false);
  assert.match((refused as { error: string }).error, /at \/city: Expected string, received number/);
});

b("a descriptor, a JSON Schema or a checked returns without a builder: an error naming the fixes", () => {
  const made = (definition: Partial<ConstructorParameters<typeof Tool>[0]>) => () =>
    new Tool({
      name: "echo",
      description: "Echoes.",
      parameters: t.object({ text: t.string() }),
      run: () => 1,
      ...definition,
    });
  const fixes =
    /Tool "echo": a t descriptor or a JSON Schema is checked by a guard builder: make the tool with tool\(\) from "tooltype\/tools", pass compile from "tooltype\/guard"/;
  assert.throws(made({}), fixes);
  assert.throws(made({ parameters: schema }), fixes);
  assert.throws(made({ parameters: written, returns: t.string() }), /Tool "echo" \(its returns\): a t descriptor/);
  assert.ok(made({ parameters: written, returns: t.string(), checkReturns: false })() instanceof Tool);
});

b("with compile given, tool() and the root's Tool: descriptors and returns are checked as before", async () => {
  const echo = new Tool({
    name: "echo",
    description: "Echoes.",
    parameters: t.object({ text: t.string() }),
    returns: t.string(),
    compile,
    run: ({ text }: { text: string }) => (text === "number" ? 5 : text),
  });
  assert.equal(await echo.execute({ text: "hi" }), { success: true, value: "hi" });
  assert.match(
    ((await echo.execute({ text: "number" })) as { error: string }).error,
    /outside its declared result type/,
  );
  const made = tool({ name: "echo", description: "Echoes.", parameters: schema, execute: ({ city }) => city });
  assert.equal(await made.execute({ city: "Rome" }), { success: true, value: "Rome" });
  const rooted = new RootTool({ name: "echo", description: "Echoes.", parameters: schema, run: () => 1 });
  assert.is((await rooted.execute({ city: 1 })).success, false, "the root's Tool compiles by itself");
});

b("lean tool(): plain JSON Schema within the t builders' subset is checked as compile checks it", async () => {
  const parameters = {
    type: "object",
    properties: {
      city: { type: "string", minLength: 1, description: "A city" },
      unit: { enum: ["c", "f"] },
      at: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] },
    },
    required: ["city"],
    additionalProperties: false,
  } as const;
  const lean = tool({ name: "weather", description: "Weather.", parameters, execute: ({ city }) => city });
  assert.equal(await lean.execute({ city: "Oslo", at: null }), { success: true, value: "Oslo" });
  const refused = (await lean.execute({ city: "", unit: "k", at: 1, wind: 1 })) as { success: false; error: string };
  assert.is(refused.success, false);
  const issues = compile(parameters).errors({ city: "", unit: "k", at: 1, wind: 1 });
  for (const issue of issues) assert.ok(refused.error.includes(`at ${issue.path}: ${issue.message}`), issue.message);
  assert.is(issues.length, 4);
});

b(
  "lean tool(): outside the subset, a TypeError saying what to pass; compile, jit or the root entry take it",
  async () => {
    const parameters = { type: "object", properties: { n: { type: "integer", not: { const: 13 } } } } as const;
    const definition = { name: "pick", description: "Picks.", parameters, execute: ({ n }: { n?: unknown }) => n };
    assert.throws(
      () => tool(definition),
      (e: Error) =>
        e instanceof TypeError &&
        /unsupported keyword "not" at #\/properties\/n/.test(e.message) &&
        /pass compile from "tooltype\/guard"/.test(e.message),
    );
    for (const made of [tool({ ...definition, compile }), tool({ ...definition, jit }), rootTool(definition)]) {
      assert.equal(await made.execute({ n: 12 }), { success: true, value: 12 });
      assert.is((await made.execute({ n: 13 })).success, false);
    }
  },
);

b("lean tool({ jit }): generated code where eval is allowed, through the jit's compile", async () => {
  const guard = compileDescriptor(t.object({ q: t.string() }), { jit });
  assert.is(guard.mode, allowsEval() ? "eval" : "interpret");
  const made = tool({
    name: "q",
    description: "Q.",
    parameters: t.object({ q: t.string() }),
    jit,
    execute: ({ q }) => q,
  });
  assert.equal(await made.execute({ q: "x" }), { success: true, value: "x" });
  assert.is((await made.execute({ q: 1 })).success, false);
});

b.run();
