// functionToTool: reading plain functions (seed 000's algorithm, seed 001's docments), in every doc style.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  functionToTool,
  functionToToolFromSource,
  function_to_tool,
  toJSONSchema,
  t,
  SourceError,
  parseDocstring,
} from "tooltype";
// Plain functions live in an unbundled module: a bundler would strip the comments this reads.
import * as f from "../fixtures/functions.mjs";

const quiet = { error: () => {}, warn: () => {} };
// Bun's transpiler drops comments and docstrings from function source: what reads them is skipped there,
// and the "bun" suite below checks that it says so and that options still work.
const readsDocs = f.keepsDocs;

const seedSuite = suite("functionToTool: the seed examples");
const seeds = readsDocs ? seedSuite : seedSuite.skip;

seeds("seed 000 get_weather comes out as the seed shows, its types in TypeScript's words (string, not str)", () => {
  assert.equal(function_to_tool(f.get_weather).toOpenAIFormat(), {
    type: "function",
    function: {
      name: "get_weather",
      description: "Get weather information for a location.",
      parameters: {
        type: "object",
        properties: {
          location: { type: "string", description: "Parameter location of type string" },
          unit: {
            type: "string",
            enum: ["celsius", "fahrenheit"],
            description: 'Parameter unit of type "celsius" | "fahrenheit"',
          },
        },
        required: ["location"],
      },
    },
  });
});

seeds("seed 001 silly_sum: parameter comments, defaults, the return type in the description", () => {
  const tool = functionToTool(f.silly_sum_typed, { defaults: true });
  assert.equal(tool.toAnthropicFormat(), {
    name: "silly_sum_typed",
    description: "Adds a + b.\n\nReturns:\n- type: integer\n- description: The sum of the inputs",
    input_schema: {
      type: "object",
      properties: {
        a: { type: "integer", description: "First thing to sum" },
        b: { type: "integer", description: "Second thing to sum", default: 1 },
        c: { type: "array", items: { type: "integer" }, description: "A pointless argument", default: null },
      },
      required: ["a"],
    },
  });
});

seeds("silly_sum without types: comments describe, defaults type, string otherwise", () => {
  const schema = functionToTool(f.silly_sum).parameters;
  assert.equal(schema, {
    type: "object",
    properties: {
      a: { type: "string", description: "First thing to sum" },
      b: { type: "integer", description: "Second thing to sum" },
      c: { type: "string", description: "A pointless argument" },
    },
    required: ["a"],
  });
});

seeds("nested named types become $defs (seed 001 Conversation), resolved by name from the docs", () => {
  const Turn = t.named("Turn", t.object({ speaker_a: t.string(), speaker_b: t.string() }));
  function conversation(turns: unknown) {
    "A conversation between two speakers.";
    return turns;
  }
  const tool = functionToTool(conversation, {
    parameters: { turns: t.array(Turn, { description: "Turns of the conversation" }) },
  });
  assert.equal(tool.parameters.properties, {
    turns: { type: "array", items: { $ref: "#/$defs/Turn" }, description: "Turns of the conversation" },
  });
  assert.equal(Object.keys(tool.parameters.$defs as object), ["Turn"]);
});

const readingSuite = suite("functionToTool: reading source");
const reading = readsDocs ? readingSuite : readingSuite.skip;

reading("JSDoc on a destructured object: keys become parameters, called with one object", async () => {
  const tool = functionToTool(f.jsdocStyle);
  assert.equal(tool.parameters, {
    type: "object",
    properties: {
      city: { type: "string", description: "City and country" },
      days: { type: "number", description: "How many days" },
      unit: { type: "string", enum: ["celsius", "fahrenheit"], description: "Temperature unit" },
    },
    required: ["city"], // days and unit have defaults in the source
  });
  assert.is(tool.description, "Forecast for a city.");
  assert.equal(tool.returns, { type: "array", items: { type: "string" }, description: "One line per day" });
  assert.equal(await tool.execute({ city: "Oslo", unit: "celsius", days: 2 }), {
    success: true,
    value: ["Oslo day 1: 20 celsius", "Oslo day 2: 20 celsius"],
  });
});

reading("Sphinx fields, with :type lines and a set", async () => {
  const tool = functionToTool(f.sphinxStyle);
  assert.equal(tool.parameters.properties, {
    query: { type: "string", description: "Words to look for" },
    limit: { type: "integer", description: "Most results to return" },
    tags: {
      type: "array",
      items: { type: "string" },
      uniqueItems: true,
      description: "Only items with all of these tags",
    },
  });
  assert.equal(tool.parameters.required, ["query"]);
  const result = await tool.execute({ query: "lamp", tags: ["red", "red"] });
  assert.not.ok(result.success);
  // The docs say `:rtype: list[dict[str, str]]` and the function returns an object: the result type read from
  // the docs is checked like one given, so the call fails naming the tool; checkReturns: false opts out.
  const lying = await tool.execute({ query: "lamp", tags: ["red", "big"] });
  assert.equal(lying, {
    success: false,
    error:
      'Tool "sphinxStyle" returned a value outside its declared result type:\n- at /: Expected array, received object',
  });
  const unchecked = functionToTool(f.sphinxStyle, { checkReturns: false });
  assert.equal(await unchecked.execute({ query: "lamp", tags: ["red", "big"] }), {
    success: true,
    value: { query: "lamp", limit: 10, tags: ["red", "big"] },
  });
});

reading("NumPy sections, optional marker, a tuple return", () => {
  const tool = functionToTool(f.numpyStyle);
  assert.equal(tool.parameters.properties, {
    x: { type: "number", description: "Horizontal position." },
    y: { type: "number", description: "Vertical position." },
    scale: { type: "number", description: "Factor." },
  });
  assert.equal(tool.parameters.required, ["x", "y"]);
  assert.match(tool.toOpenAIFormat().function.description, /Returns:\n- type: \[number, number\]/);
});

reading("method shorthand, leading // comments, literal defaults of every kind", () => {
  const tool = functionToTool(f.searcher.search);
  assert.is(tool.description, "Searches things.\nSecond line.");
  assert.equal(tool.parameters.properties, {
    query: { type: "string", description: "the query" },
    limit: { type: "integer", description: "Parameter limit of type integer" },
    tags: { type: "array", items: { type: "string" }, description: "Parameter tags of type string[]" },
    cfg: { type: "object", additionalProperties: {}, description: "Parameter cfg of type Record<string, unknown>" },
    when: { type: "string", description: "Parameter when (no type written: read as a string)" },
  });
  assert.equal(tool.parameters.required, ["query"]);
});

reading("template-literal docstrings with commas and parentheses in defaults", () => {
  const tool = functionToTool(f.templated);
  assert.is(tool.description, "Multi\nline doc.");
  assert.equal(tool.parameters.properties, {
    a: { type: "string", description: "thing" },
    b: { type: "string", description: "Parameter b of type string" },
  });
  assert.equal(tool.parameters.required ?? [], []);
});

reading("a context parameter is left out of the schema and receives the call's context", async () => {
  const tool = functionToTool(f.withContext, { context: true });
  assert.equal(Object.keys(tool.parameters.properties as object), ["city"]);
  assert.equal(await tool.execute({ city: "Rome" }, { user: "ada" }), { success: true, value: "ada: Rome" });
});

reading("typed overrides win over what is read; defaults option writes source defaults", () => {
  const tool = functionToTool(f.silly_sum, {
    parameters: { a: t.integer({ minimum: 0 }), c: t.optional(t.array(t.integer())) },
    defaults: true,
  });
  assert.equal(tool.parameters.properties, {
    a: { type: "integer", minimum: 0, description: "First thing to sum" },
    b: { type: "integer", description: "Second thing to sum", default: 1 },
    c: { type: "array", items: { type: "integer" }, description: "A pointless argument", default: null },
  });
  const whole = functionToTool(f.silly_sum, { parameters: t.object({ a: t.number(), b: t.optional(t.number()) }) });
  assert.equal(whole.parameters, toJSONSchema(t.object({ a: t.number(), b: t.optional(t.number()) })));
});

reading("Date, Uint8Array and Set parameters are decoded before the call", async () => {
  const tool = functionToTool(f.whenAndBytes);
  const result = await tool.execute({ when: "2026-11-22T10:00:00Z", data: "aGk=", tags: ["a"] });
  assert.ok(result.success);
  const value = (result as { value: { when: Date; data: Uint8Array; tags: Set<string> } }).value;
  assert.instance(value.when, Date);
  assert.is(value.when.toISOString(), "2026-11-22T10:00:00.000Z");
  assert.equal([...value.data], [104, 105]);
  assert.equal([...value.tags], ["a"]);
});

reading("options name, description and category; sync and async functions", async () => {
  const tool = functionToTool(f.slowEcho, { name: "echo", description: "Repeats.", category: "text" });
  assert.is(tool.name, "echo");
  assert.is(tool.description, "Repeats.");
  assert.is(tool.category, "text");
  assert.equal(await tool.execute('{"text":"hi"}'), { success: true, value: "hi" });
});

const refusalSuite = suite("functionToTool: clear errors");
const refusals = readsDocs ? refusalSuite : refusalSuite.skip;

refusals("no documentation names the function and says how to fix it", () => {
  assert.throws(
    () => functionToTool(f.undocumented),
    (e: Error) =>
      e instanceof SourceError &&
      /"undocumented" has no documentation/.test(e.message) &&
      /description/.test(e.message),
  );
});

refusals("no name, built-ins, classes, patterns", () => {
  assert.throws(() => functionToTool(f.anonymousDocumented), /has no name; give one with functionToTool\(fn, \{ name/);
  assert.ok(functionToTool(f.anonymousDocumented, { name: "named" }));
  assert.throws(() => functionToTool(Math.max), /cannot read the source of "max"/);
  assert.throws(() => functionToTool(f.Greeter as never), /"Greeter" is a class/);
  assert.throws(() => functionToTool(f.patterned), /written as a pattern/);
  assert.throws(() => functionToTool("x" as never), /expects a function/);
});

refusals("overrides must name real parameters", () => {
  assert.throws(() => functionToTool(f.silly_sum, { parameters: { z: t.string() } }), /has no parameter named "z"/);
  assert.throws(
    () => functionToTool(f.silly_sum, { parameters: t.object({ z: t.string() }) }),
    /has no parameter named "z"/,
  );
  assert.throws(
    () =>
      functionToTool(f.withContext, { context: true, name: "x", description: "y", parameters: { ctx: t.string() } }),
    /has no parameter named "ctx"/,
  );
});

refusals("exceptions in the function are caught, logged, and become a failed result without a stack", async () => {
  const logged: unknown[] = [];
  const tool = functionToTool(f.throws, { logger: { error: (m: string, e: unknown) => logged.push(m, e) } });
  const result = await tool.execute({ reason: "no" });
  assert.equal(result, { success: false, error: 'Tool "throws" failed: refused: no' });
  assert.is(logged[0], 'tooltype: tool "throws" threw');
  assert.instance(logged[1], Error);
  void quiet;
});

const withoutDocs = suite("functionToTool: where the runtime drops docs (Bun)");

// Only where the runtime drops comments; reported skipped where it keeps them.
(readsDocs ? withoutDocs.skip : withoutDocs)(
  "the error names the missing documentation; options make the tool",
  async () => {
    assert.throws(() => functionToTool(f.get_weather), /"get_weather" has no documentation.*Bun removes comments/);
    const tool = functionToTool(f.get_weather, {
      description: "Get weather information for a location.",
      parameters: { location: t.string(), unit: t.enum(["celsius", "fahrenheit"]) },
    });
    assert.equal(tool.parameters.required, ["location"]);
    assert.equal(await tool.execute({ location: "Paris" }), { success: true, value: "Paris: 21 °C" });
  },
);

withoutDocs("parseDocstring: JSDoc types with nested braces keep their type", () => {
  const doc = parseDocstring(
    "Adds.\n@param {{ name: string, email?: string }[]} people - Who\n@param {number} [n=2] count\n@returns {{ ok: boolean }} Result",
  );
  assert.equal(
    { ...doc.parameters },
    {
      people: { type: "{ name: string, email?: string }[]", description: "Who" },
      n: { type: "number", optional: true, default: "2", description: "count" },
    },
  );
  assert.equal(doc.returns, { type: "{ ok: boolean }", description: "Result" });
});

withoutDocs("errors that need no docs still hold", () => {
  assert.throws(
    () => functionToTool(f.undocumented),
    (e: Error) => e instanceof SourceError && /"undocumented" has no documentation/.test(e.message),
  );
  assert.throws(() => functionToTool(Math.max), /cannot read the source of "max"/);
  assert.throws(() => functionToTool(f.patterned, { description: "x" }), /written as a pattern/);
  assert.throws(
    () => functionToTool(f.silly_sum, { description: "x", parameters: { z: t.string() } }),
    /has no parameter named "z"/,
  );
});

const fromSource = suite("functionToToolFromSource: source text, never evaluated");

fromSource("reads a typed function declaration like functionToTool reads the function", async () => {
  const text = `async function silly_sum(
  a, // First thing to sum
  b = 1, // Second thing to sum
) {
  "Adds a + b.";
  return a + b;
}`;
  const tool = functionToToolFromSource(text, { logger: quiet });
  assert.equal(tool.toOpenAIFormat(), {
    type: "function",
    function: {
      name: "silly_sum",
      description: "Adds a + b.",
      parameters: {
        type: "object",
        properties: {
          a: { type: "string", description: "First thing to sum" },
          b: { type: "integer", description: "Second thing to sum" },
        },
        required: ["a"],
      },
    },
  });
  const none = await tool.execute({ a: "x" });
  assert.is(none.success, false);
  assert.match(String(!none.success && none.error), "no implementation");
  const run = functionToToolFromSource(text, { implementation: (a: number, b: number) => a + b });
  assert.equal(await run.execute({ a: "x", b: 2 }), { success: true, value: "x2" });
});

fromSource("an arrow function needs a name; a bad argument is a TypeError", () => {
  assert.throws(
    () => functionToToolFromSource('(city) => { "Weather."; }'),
    (e: unknown) => e instanceof SourceError && /no name/.test((e as Error).message),
  );
  assert.is(functionToToolFromSource('(city) => { "Weather."; }', { name: "w" }).name, "w");
  assert.is(functionToToolFromSource('function* gen(x) { "Gen." }').name, "gen");
  assert.throws(() => functionToToolFromSource(42 as never), TypeError);
});

fromSource("a one-line JSDoc comment: tags after the summary are read; @ inside text is not a tag", async () => {
  const tool = functionToToolFromSource(
    'function scale(factor, label = "x") { /** Scales things. @param {number} factor how much @returns {number} the result */ return factor; }',
    {
      implementation: (factor: number) => factor * 2,
    },
  );
  assert.is(tool.description, "Scales things.");
  assert.equal(tool.parameters.properties, {
    factor: { type: "number", description: "how much" },
    label: { type: "string", description: "Parameter label of type string" },
  });
  assert.equal(tool.returns, { type: "number", description: "the result" });
  assert.equal(await tool.execute({ factor: 2 }), { success: true, value: 4 });
  // A string directive is one line too; Sphinx fields after the summary are read the same way.
  assert.equal(functionToToolFromSource('function g(a) { "Does. @param {integer} a first" }').parameters.properties, {
    a: { type: "integer", description: "first" },
  });
  assert.equal(
    functionToToolFromSource(
      "function g(a) { /** Does. :param int a: first :returns: the count :rtype: int */ }",
    ).toOpenAIFormat().function,
    {
      name: "g",
      description: "Does.\n\nReturns:\n- type: integer\n- description: the count",
      parameters: { type: "object", properties: { a: { type: "integer", description: "first" } }, required: ["a"] },
    },
  );
  const mail = parseDocstring("Mail a@b.com or see {@link x} and { @param z }, `@returns` in code.");
  assert.is(mail.description, "Mail a@b.com or see {@link x} and { @param z }, `@returns` in code.");
  assert.equal({ ...mail.parameters }, {});
  assert.is(mail.returns, undefined);
  // JSDoc's own rule holds over several lines: a tag starts a line, so mid-line `@param` there is text.
  assert.is(parseDocstring("Scales.\nUse @param here.").description, "Scales.\nUse @param here.");
});

fromSource("an empty comment beside a parameter says nothing", () => {
  const fallback = (name: string) => ({
    type: "string",
    description: `Parameter ${name} (no type written: read as a string)`,
  });
  assert.equal(functionToToolFromSource('function f(a, b /* */) { "F." }').parameters.properties, {
    a: fallback("a"),
    b: fallback("b"),
  });
  assert.equal(functionToToolFromSource('function f(a /***/, b //\n) { "F." }').parameters.properties, {
    a: fallback("a"),
    b: fallback("b"),
  });
  assert.equal(
    functionToToolFromSource('function f(\n  //\n  a,\n  b, //   \n) { "F.\n@param b from the docstring" }').parameters
      .properties,
    {
      a: fallback("a"),
      b: { type: "string", description: "from the docstring" },
    },
  );
  // An empty comment does not hide a real one either.
  assert.equal(functionToToolFromSource('function f(a /* */ /* real */) { "F." }').parameters.properties, {
    a: { type: "string", description: "real" },
  });
});

fromSource("a block comment before a parameter on its line documents that parameter", () => {
  assert.equal(functionToToolFromSource('function f(/* first */ a, /* second */ b) { "F." }').parameters.properties, {
    a: { type: "string", description: "first" },
    b: { type: "string", description: "second" },
  });
  // Same line, after the comma and before the next parameter: the next one.
  assert.equal(functionToToolFromSource('function f(a, /* first */ b /* */) { "F." }').parameters.properties, {
    a: { type: "string", description: "Parameter a (no type written: read as a string)" },
    b: { type: "string", description: "first" },
  });
  // Last on its line, after the comma: still the parameter before it.
  assert.equal(
    functionToToolFromSource('function f(\n  a, /* first */\n  b = 1, // second\n) { "F." }').parameters.properties,
    {
      a: { type: "string", description: "first" },
      b: { type: "integer", description: "second" },
    },
  );
});

fromSource("defaults: true leaves out a literal default JSON cannot carry", () => {
  const tool = functionToToolFromSource(
    'function f(a = 1e400, b = -1e400, c = [1, undefined], d = { x: 1e999 }, e = { y: undefined }, g = [1, { z: null }]) { "F." }',
    { defaults: true },
  );
  const props = tool.parameters.properties as Record<string, Record<string, unknown>>;
  for (const key of ["a", "b", "c", "d", "e"]) assert.not.ok("default" in props[key]!, key);
  assert.is(props.a!.type, "number");
  assert.equal(props.g!.default, [1, { z: null }]);
  assert.equal(tool.parameters.required ?? [], []); // each still has a default, so each is still optional
  assert.not.match(JSON.stringify(tool.toOpenAIFormat()), /"default":null/);
});

seedSuite.run();
readingSuite.run();
refusalSuite.run();
withoutDocs.run();
fromSource.run();
