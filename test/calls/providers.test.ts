// Provider dialects and formats: OpenAI (chat, Responses, strict), Anthropic, Gemini, MCP; the strict
// encodings decoded back before the function runs; output accepted by the official SDKs.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  t,
  tool,
  toJSONSchema,
  allowsEval,
  ConversionError,
  toOpenAIFormat,
  toAnthropicFormat,
  toGeminiFormat,
  toMCPFormat,
  type ConversionWarning,
  type Descriptor,
} from "tooltype";
import { toStrictJsonSchema } from "openai/lib/transform";
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020 from "ajv/dist/2020.js";
import { Type } from "@sinclair/typebox";
import addFormats from "ajv-formats";

const collect = () => {
  const warnings: ConversionWarning[] = [];
  return { warnings, onIssue: (w: ConversionWarning) => warnings.push(w) };
};

const plan = t.object({
  city: t.string({ minLength: 1, description: "Where" }),
  when: t.datetime(),
  unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
  days: t.optional(t.integer({ minimum: 1, maximum: 14 })),
  pair: t.tuple([t.string(), t.integer()]),
  tags: t.set(t.string()),
  prices: t.record(t.number()),
  id: t.union([t.string(), t.integer()]),
  note: t.nullable(t.string()),
});
const planner = tool({ name: "plan_trip", description: "Plans a trip.", parameters: plan, execute: (args) => args });

const strict = suite("openai-strict: seed 002's rules");

strict("every object closed and fully required; optionals nullable; oneOf as anyOf", () => {
  const { warnings, onIssue } = collect();
  const schema = toJSONSchema(plan, { target: "openai-strict", onIssue });
  assert.is(schema.additionalProperties, false);
  assert.equal(schema.required, Object.keys(schema.properties as object));
  const props = schema.properties as Record<string, Record<string, unknown>>;
  assert.equal(props.days, { type: ["integer", "null"], minimum: 1, maximum: 14 });
  assert.equal(props.unit, {
    type: ["string", "null"],
    enum: ["celsius", "fahrenheit", null],
    description: '(default: "celsius")',
  });
  assert.equal(props.note, { type: ["string", "null"] });
  assert.equal(props.id, { anyOf: [{ type: "string" }, { type: "integer" }] });
  assert.equal(props.city, { type: "string", description: "Where (minLength: 1)" });
  assert.equal(
    warnings.map((w) => `${w.path} ${w.message}`),
    [
      '/properties/city openai-strict does not support "minLength"; moved into the description',
      '/properties/tags openai-strict does not support "uniqueItems"; moved into the description',
      '/properties/id openai-strict has no "oneOf"; written as "anyOf" (the branches are disjoint when tooltype wrote them)',
    ],
  );
});

strict("tuples become objects keyed by position, records lists of entries", () => {
  const props = toJSONSchema(plan, { target: "openai-strict", onIssue: () => {} }).properties as Record<
    string,
    Record<string, unknown>
  >;
  assert.equal(props.pair, {
    type: "object",
    description: 'A tuple: item i of the list is property "i".',
    properties: { 0: { type: "string" }, 1: { type: "integer" } },
    required: ["0", "1"],
    additionalProperties: false,
  });
  assert.equal(props.prices, {
    type: "array",
    description: "A map written as a list of { key, value } entries.",
    items: {
      type: "object",
      properties: { key: { type: "string" }, value: { type: "number" } },
      required: ["key", "value"],
      additionalProperties: false,
    },
  });
});

strict("the openai SDK's own strict check accepts the output unchanged", () => {
  const Node = t.recursive("Node", (self) =>
    t.object({ label: t.string(), children: t.array(self), meta: t.optional(t.record(t.string())) }),
  );
  for (const d of [plan, t.object({ root: Node, list: t.array(t.object({ a: t.optional(t.boolean()) })) })]) {
    const schema = toJSONSchema(d, { target: "openai-strict", onIssue: () => {} });
    assert.equal(toStrictJsonSchema(structuredClone(schema) as never), schema);
  }
});

strict("arrays always get items: an empty tuple, an untyped array", () => {
  const { warnings, onIssue } = collect();
  const schema = toJSONSchema(t.object({ none: t.tuple([]), any: t.any() }), { target: "openai-strict", onIssue });
  assert.equal((schema.properties as Record<string, unknown>).none, {
    type: "array",
    minItems: 0,
    maxItems: 0,
    items: { anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }] },
  });
  assert.equal(toStrictJsonSchema(structuredClone(schema) as never), schema);
  assert.equal(
    toJSONSchema({ type: "object", properties: { xs: { type: "array" } } }, { target: "openai-strict", onIssue })
      .properties,
    {
      xs: {
        type: ["array", "null"],
        items: { anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }] },
      },
    },
  );
  assert.ok(warnings.some((w) => w.path === "/properties/xs" && /items of an array/.test(w.message)));
});

strict("what cannot be expressed is an error; onIssue: 'error' makes every loss one", () => {
  assert.throws(
    () => toJSONSchema({ type: "object", properties: { a: { not: { type: "string" } } } }, { target: "openai-strict" }),
    (e: Error) => e instanceof ConversionError && /"not" at \/properties\/a/.test(e.message),
  );
  assert.throws(
    () => toJSONSchema(t.object({ s: t.string({ maxLength: 3 }) }), { target: "openai-strict", onIssue: "error" }),
    /"maxLength".*\(at \/properties\/s\)/,
  );
  const { warnings, onIssue } = collect();
  assert.equal(toJSONSchema({ type: "string" }, { target: "openai-strict", onIssue }), {
    type: "object",
    properties: { input: { type: "string" } },
    required: ["input"],
    additionalProperties: false,
  });
  assert.match(
    warnings[0]!.message,
    /openai-strict takes only an object with properties at the root.*\{ "input": \.\.\. \}, which execute unwraps/,
  );
});

strict("toOpenAIFormat({ strict: true }) is seed 002's template; non-strict has no strict key", () => {
  const fn = planner.toOpenAIFormat({ strict: true, onIssue: () => {} }).function;
  assert.is(fn.strict, true);
  assert.is(fn.parameters.additionalProperties, false);
  assert.not.ok("strict" in planner.toOpenAIFormat({ onIssue: () => {} }).function);
  const responses = planner.toResponsesFormat({ onIssue: () => {} });
  assert.equal(Object.keys(responses), ["type", "name", "description", "parameters", "strict"]);
  assert.is(responses.strict, false);
  assert.is(planner.toResponsesFormat({ strict: true, onIssue: () => {} }).strict, true);
});

strict("a tool made strict exports strict by default", () => {
  const s = tool({
    name: "s",
    description: "S.",
    strict: true,
    parameters: t.object({ a: t.optional(t.string()) }),
    execute: (x) => x,
  });
  assert.equal(s.toOpenAIFormat().function.parameters, {
    type: "object",
    properties: { a: { type: ["string", "null"] } },
    additionalProperties: false,
    required: ["a"],
  });
  assert.not.ok("strict" in s.toOpenAIFormat({ strict: false }).function);
});

strict("a tool without parameters, t.object({}), is an empty closed object in every strict format", () => {
  const now = tool({ name: "now", description: "Now.", parameters: t.object({}), execute: () => 1 });
  const empty = { type: "object", properties: {}, required: [], additionalProperties: false };
  assert.equal(now.toOpenAIFormat({ strict: true, onIssue: "error" }).function.parameters, empty);
  assert.equal(now.toResponsesFormat({ strict: true, onIssue: "error" }).parameters, empty);
  assert.equal(now.toAnthropicFormat({ strict: true, onIssue: "error" }).input_schema, empty);
});

strict(
  "an optional const can still be left out: it becomes an enum that takes null, undone before the function runs",
  async () => {
    const plain = { type: "object", properties: { k: { type: "string", const: "a" }, n: { const: 3 } } };
    const schema = toJSONSchema(plain, { target: "openai-strict" });
    assert.equal((schema.properties as Record<string, unknown>).k, { type: ["string", "null"], enum: ["a", null] });
    assert.equal((schema.properties as Record<string, unknown>).n, { anyOf: [{ enum: [3] }, { type: "null" }] });
    const echo = tool({ name: "echo", description: "Echoes.", parameters: plain, execute: (args) => args });
    assert.equal(await echo.execute({ k: null, n: null }), { success: true, value: {} });
    assert.equal(await echo.execute({ k: "a", n: 3 }), { success: true, value: { k: "a", n: 3 } });
  },
);

strict("a note on an encoded shape follows the description as its own sentence", () => {
  const d = t.object({
    r: t.record(t.number(), { description: "Prices by product" }),
    s: t.record(t.number(), { description: "Done." }),
  });
  for (const target of ["openai-strict", "gemini"] as const) {
    const props = toJSONSchema(d, { target, onIssue: () => {} }).properties as Record<string, { description: string }>;
    assert.is(props.r!.description, "Prices by product. A map written as a list of { key, value } entries.", target);
    assert.is(props.s!.description, "Done. A map written as a list of { key, value } entries.", target);
  }
});

strict("an optional null is written once: no duplicate in the type list", () => {
  const schema = toJSONSchema(t.object({ a: t.optional(t.null()), b: t.optional(t.literal(null)) }), {
    target: "openai-strict",
  });
  assert.equal(schema.properties, { a: { type: "null" }, b: { type: "null", enum: [null] } });
});

const pairs = t.object({
  pt: t.nullable(t.tuple([t.number(), t.number()])),
  m: t.nullable(t.record(t.number(), { minProperties: 1 })),
  r: t.tuple([t.string()], t.integer(), { minItems: 3, maxItems: 5, title: "R" }),
});

strict("nullable tuples and records stay nullable; constraints their encoding cannot carry are described", async () => {
  for (const target of ["openai-strict", "anthropic-strict"] as const) {
    const { warnings, onIssue } = collect();
    const p = toJSONSchema(pairs, { target, onIssue }).properties as Record<string, Record<string, unknown>>;
    assert.equal(p.pt!.type, ["object", "null"], target);
    assert.equal(p.m!.type, ["array", "null"], target);
    assert.match(p.m!.description as string, /\(minProperties: 1\)/);
    assert.match(p.r!.description as string, /\(minItems: 3, maxItems: 5\)/);
    assert.is(p.r!.title, "R");
    assert.ok(
      warnings.some((w) => w.path === "/properties/m" && /"minProperties"/.test(w.message)),
      target,
    );
    assert.ok(
      warnings.some((w) => w.path === "/properties/r" && /"maxItems"/.test(w.message)),
      target,
    );
  }
  const echo = tool({ name: "echo", description: "Echo.", strict: true, parameters: pairs, execute: (a) => a });
  const result = await echo.execute({ pt: null, m: null, r: { 0: "a", rest: [1, 2] } });
  assert.equal(result, { success: true, value: { pt: null, m: null, r: ["a", 1, 2] } });
});

strict("boolean subschemas: a false property stays forbidden, false branches are dropped, true is any value", () => {
  const { warnings, onIssue } = collect();
  const schema = {
    type: "object",
    properties: { q: { type: "string" }, gone: false, u: { anyOf: [false, { type: "string" }] }, any: true },
    required: ["q", "u", "any"],
  };
  const out = toJSONSchema(schema, { target: "openai-strict", onIssue });
  assert.equal(out.properties, {
    q: { type: "string" },
    u: { anyOf: [{ type: "string" }] },
    any: { anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }] },
  });
  assert.equal(out.required, ["q", "u", "any"]);
  assert.ok(warnings.some((w) => w.path === "/properties/any"));
  for (const target of ["openai-strict", "anthropic-strict"] as const) {
    assert.throws(
      () => toJSONSchema({ type: "object", properties: { xs: { type: "array", items: false } } }, { target }),
      (e: Error) => e instanceof ConversionError && /false.*\/properties\/xs\/items/.test(e.message),
    );
    assert.throws(
      () => toJSONSchema({ type: "object", properties: { gone: false }, required: ["gone"] }, { target }),
      (e: Error) => e instanceof ConversionError,
    );
  }
});

strict(
  "draft-07 tuples (array items, additionalItems), as TypeBox 0.34 writes them, are encoded as tuples",
  async () => {
    const draft07 = {
      type: "object",
      properties: {
        point: {
          type: "array",
          items: [{ type: "number" }, { type: "number" }],
          additionalItems: false,
          minItems: 2,
          maxItems: 2,
        },
      },
      required: ["point"],
    };
    const tuple = {
      type: "object",
      description: 'A tuple: item i of the list is property "i".',
      properties: { 0: { type: "number" }, 1: { type: "number" } },
      required: ["0", "1"],
      additionalProperties: false,
    };
    assert.equal(toJSONSchema(draft07, { target: "openai-strict", onIssue: "error" }).properties, { point: tuple });
    assert.equal(toJSONSchema(draft07, { target: "anthropic-strict", onIssue: "error" }).properties, {
      point: tuple,
    });
    const plot = tool({
      name: "plot",
      description: "Plot.",
      strict: true,
      parameters: Type.Object({ point: Type.Tuple([Type.Number(), Type.Number()]) }),
      execute: (a) => a,
    });
    assert.equal((plot.toOpenAIFormat().function.parameters.properties as Record<string, unknown>).point, tuple);
    assert.equal(await plot.execute({ point: { 0: 1, 1: 2 } }), { success: true, value: { point: [1, 2] } });
    assert.equal(await plot.execute({ point: [1, 2] }), { success: true, value: { point: [1, 2] } });
  },
);

const roundTrip = suite("strict round trip: encode, model-shaped JSON, decode, the function's values");

roundTrip("a model's strict-shaped arguments reach the function as the declared types", async () => {
  const result = await planner.execute({
    city: "Oslo",
    when: "2026-11-22T10:00:00Z",
    unit: null,
    days: null,
    pair: { 0: "a", 1: 2 },
    tags: ["x", "y"],
    prices: [{ key: "tea", value: 2.5 }],
    id: 7,
    note: null,
  });
  assert.ok(result.success, JSON.stringify(result));
  const v = (result as { value: Record<string, unknown> }).value;
  assert.equal(v.when, new Date("2026-11-22T10:00:00Z"));
  assert.is(v.unit, "celsius");
  assert.not.ok("days" in v);
  assert.equal(v.pair, ["a", 2]);
  assert.equal(v.tags, new Set(["x", "y"]));
  assert.equal(v.prices, { tea: 2.5 });
  assert.is(v.note, null);
});

// Property: for generated object descriptors and values, the value in strict shape (written by an encoder
// independent of the library) conforms to the strict schema (checked by ajv) and executes to the decoded value.
type Gen = {
  d: Descriptor;
  value: fc.Arbitrary<unknown>;
  strict: (v: unknown) => unknown;
  decoded: (v: unknown) => unknown;
  nullable?: boolean;
};
const leaf: fc.Arbitrary<Gen> = fc.constantFrom<Gen>(
  { d: t.string(), value: fc.string(), strict: (v) => v, decoded: (v) => v },
  { d: t.integer(), value: fc.integer(), strict: (v) => v, decoded: (v) => v },
  { d: t.boolean(), value: fc.boolean(), strict: (v) => v, decoded: (v) => v },
  { d: t.enum(["a", "b"]), value: fc.constantFrom("a", "b"), strict: (v) => v, decoded: (v) => v },
  {
    d: t.datetime(),
    value: fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((x) => x.toISOString()),
    strict: (v) => v,
    decoded: (v) => new Date(v as string),
  },
  {
    d: t.set(t.string()),
    value: fc.uniqueArray(fc.string(), { maxLength: 4 }),
    strict: (v) => v,
    decoded: (v) => new Set(v as string[]),
  },
  {
    d: t.tuple([t.string(), t.integer()]),
    value: fc.tuple(fc.string(), fc.integer()),
    strict: (v) => ({ 0: (v as unknown[])[0], 1: (v as unknown[])[1] }),
    decoded: (v) => v,
  },
  {
    d: t.record(t.integer()),
    value: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 5 }).filter((k) => k !== "__proto__"),
      fc.integer(),
      { maxKeys: 4, noNullPrototype: true },
    ),
    strict: (v) => Object.entries(v as object).map(([key, value]) => ({ key, value })),
    decoded: (v) => v,
  },
  {
    d: t.nullable(t.string()),
    value: fc.option(fc.string(), { nil: null }),
    strict: (v) => v,
    decoded: (v) => v,
    nullable: true,
  },
);
const objectGen: fc.Arbitrary<Gen> = fc
  .array(fc.tuple(fc.constantFrom("p", "q", "r", "s"), leaf, fc.boolean()), { minLength: 1, maxLength: 4 })
  .map((fields) => {
    const unique = [...new Map(fields.map((f) => [f[0], f])).values()];
    const d = t.object(Object.fromEntries(unique.map(([k, g, opt]) => [k, opt ? t.optional(g.d) : g.d])));
    const value = fc.record(Object.fromEntries(unique.map(([k, g]) => [k, g.value])), {
      requiredKeys: unique.filter((u) => !u[2]).map((u) => u[0]),
      noNullPrototype: true,
    });
    const strictOf = (v: unknown) =>
      Object.fromEntries(
        unique.map(([k, g, opt]) => [
          k,
          (v as Record<string, unknown>)[k] === undefined
            ? opt
              ? null
              : undefined
            : g.strict((v as Record<string, unknown>)[k]),
        ]),
      );
    // Strict mode has no "absent": an optional property that allows null cannot tell absent from null, so it arrives as null.
    const decodedOf = (v: unknown) =>
      Object.fromEntries(
        unique
          .filter(([k, g, opt]) => (v as Record<string, unknown>)[k] !== undefined || (opt && g.nullable))
          .map(([k, g]) => [
            k,
            (v as Record<string, unknown>)[k] === undefined ? null : g.decoded((v as Record<string, unknown>)[k]),
          ]),
      );
    return { d, value, strict: strictOf, decoded: decodedOf };
  });

// ajv needs eval: reported skipped where eval is blocked.
(allowsEval() ? roundTrip : roundTrip.skip)(
  "property: any strict-shaped value conforms to the strict schema and decodes to the function's values",
  async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    await fc.assert(
      fc.asyncProperty(
        objectGen.chain((g) => fc.tuple(fc.constant(g), g.value)),
        async ([g, value]) => {
          const shown = () => `${JSON.stringify(toJSONSchema(g.d))} with ${JSON.stringify(value)}`;
          const echo = tool({ name: "echo", description: "Echo.", parameters: g.d, execute: (a) => a });
          const schema = echo.toOpenAIFormat({ strict: true, onIssue: () => {} }).function.parameters;
          const wire = g.strict(value);
          assert.ok(
            ajv.validate(schema, wire),
            `strict schema rejects ${JSON.stringify(wire)}: ${ajv.errorsText()} (${shown()})`,
          );
          const result = await echo.execute(JSON.stringify(wire));
          assert.ok(result.success, `${JSON.stringify(result)} (${shown()})`);
          assert.equal((result as { value: unknown }).value, g.decoded(value), shown());
        },
      ),
      {
        numRuns: 200,
        reporter: (run) => {
          if (run.failed)
            throw new Error(
              `round trip failed: ${run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)}`,
            );
        },
      },
    );
  },
);

const anthropic = suite("anthropic: input_schema, and the strict subset");

anthropic("toAnthropicFormat is { name, description, input_schema } with an object root", () => {
  const out = planner.toAnthropicFormat({ onIssue: () => {} });
  assert.equal(Object.keys(out), ["name", "description", "input_schema"]);
  assert.equal(out.input_schema, toJSONSchema(plan));
});

anthropic("strict: objects closed, required kept, unsupported constraints described, recursion refused", () => {
  const { warnings, onIssue } = collect();
  const out = planner.toAnthropicFormat({ strict: true, onIssue });
  assert.is(out.strict, true);
  assert.is(out.input_schema.additionalProperties, false);
  assert.equal(out.input_schema.required, ["city", "when", "pair", "tags", "prices", "id", "note"]);
  assert.equal((out.input_schema.properties as Record<string, unknown>).days, {
    type: "integer",
    description: "(minimum: 1, maximum: 14)",
  });
  assert.ok(warnings.some((w) => /does not support "minimum"/.test(w.message)));
  const Tree = t.recursive("Tree", (self) => t.object({ kids: t.array(self) }));
  assert.throws(
    () => toJSONSchema(t.object({ tree: Tree }), { target: "anthropic-strict" }),
    /recursive schemas are not supported/,
  );
});

const gemini = suite("gemini: the OpenAPI subset");

gemini("upper-case types, nullable, counts as strings, propertyOrdering, formats", () => {
  const { warnings, onIssue } = collect();
  const out = planner.toGeminiFormat({ onIssue });
  const p = out.parameters!;
  assert.is(p.type, "OBJECT");
  assert.equal(p.propertyOrdering, ["city", "when", "unit", "days", "pair", "tags", "prices", "id", "note"]);
  const props = p.properties as Record<string, Record<string, unknown>>;
  assert.equal(props.city, { type: "STRING", minLength: "1", description: "Where" });
  assert.equal(props.note, { type: "STRING", nullable: true });
  assert.equal(props.id, { anyOf: [{ type: "STRING" }, { type: "INTEGER" }] });
  assert.equal(props.unit, { type: "STRING", enum: ["celsius", "fahrenheit"], default: "celsius" });
  assert.equal(toJSONSchema(t.bytes(), { target: "gemini" }), { type: "STRING", format: "byte" });
  assert.ok(warnings.some((w) => w.path === "/properties/tags"));
});

gemini("no $ref: definitions inlined, recursion cut after three levels", () => {
  const { warnings, onIssue } = collect();
  const Tree = t.recursive("Tree", (self) => t.object({ name: t.string(), kids: t.optional(t.array(self)) }));
  const out = toJSONSchema(t.object({ tree: Tree }), { target: "gemini", onIssue });
  const text = JSON.stringify(out);
  assert.not.ok(text.includes("$ref"));
  assert.not.ok(text.includes("$defs"));
  assert.is((text.match(/"name":\{/g) ?? []).length, 3);
  assert.match(warnings[0]!.message, /cut after 3 levels/);
});

gemini("an anyOf of null alone is NULL; one branch left keeps the outer description", () => {
  const out = toJSONSchema(
    {
      type: "object",
      properties: {
        a: { anyOf: [{ type: "null" }] },
        b: { anyOf: [false, { type: "null" }] },
        c: { description: "Outer", anyOf: [{ type: "string", description: "inner" }, { type: "null" }] },
      },
    },
    { target: "gemini" },
  );
  assert.equal(out.properties, {
    a: { type: "NULL" },
    b: { type: "NULL" },
    c: { description: "Outer", nullable: true, type: "STRING" },
  });
});

gemini("its own keywords, example and propertyOrdering, are kept as given, without a warning", () => {
  const { warnings, onIssue } = collect();
  const out = toJSONSchema(
    {
      type: "object",
      propertyOrdering: ["b", "a"],
      properties: { a: { type: "string", example: "x" }, b: { type: "integer" } },
    },
    { target: "gemini", onIssue },
  );
  assert.equal(out.propertyOrdering, ["b", "a"]);
  assert.equal((out.properties as Record<string, unknown>).a, { type: "STRING", example: "x" });
  assert.equal(warnings, []);
});

gemini("a $ref is looked up among the schema's own $defs only, with JSON Pointer escapes read", () => {
  const schema = {
    type: "object",
    properties: { a: { $ref: "#/$defs/constructor" }, b: { $ref: "#/$defs/x~1y" } },
    $defs: { "x/y": { type: "string" } },
  };
  assert.throws(
    () => toJSONSchema(schema, { target: "gemini" }),
    /"\$ref": "#\/\$defs\/constructor" at \/properties\/a cannot be inlined/,
  );
  const named = {
    type: "object",
    properties: { b: { $ref: "#/$defs/x~1y" }, c: { $ref: "#/$defs/constructor" }, d: { $ref: "#/$defs/a%20b" } },
    $defs: { "x/y": { type: "string" }, constructor: { type: "integer" }, "a b": { type: "boolean" } },
  };
  assert.equal(toJSONSchema(named, { target: "gemini" }).properties, {
    b: { type: "STRING" },
    c: { type: "INTEGER" },
    d: { type: "BOOLEAN" },
  });
});

gemini("non-string enums and const are described; not/allOf refused; parametersJsonSchema keeps JSON Schema", () => {
  const { warnings, onIssue } = collect();
  assert.equal(toJSONSchema(t.object({ n: t.enum([1, 2]) }), { target: "gemini", onIssue }).properties, {
    n: { type: "INTEGER", description: "(enum: [1,2])" },
  });
  assert.equal(warnings.length, 1);
  assert.equal(toJSONSchema({ type: "object", properties: { k: { const: "x" } } }, { target: "gemini" }).properties, {
    k: { enum: ["x"], type: "STRING" },
  });
  assert.throws(
    () => toJSONSchema({ type: "object", properties: { a: { allOf: [{}] } } }, { target: "gemini" }),
    /"allOf" at \/properties\/a/,
  );
  const json = planner.toGeminiFormat({ jsonSchema: true });
  assert.equal(json.parametersJsonSchema, toJSONSchema(plan));
  assert.not.ok("parameters" in json);
});

gemini("nullable tuples and records stay nullable; constraints, booleans and draft-07 tuples are handled", () => {
  const { warnings, onIssue } = collect();
  const p = toJSONSchema(pairs, { target: "gemini", onIssue }).properties as Record<string, Record<string, unknown>>;
  assert.is(p.pt!.nullable, true);
  assert.is(p.m!.nullable, true);
  assert.match(p.m!.description as string, /\(minProperties: 1\)/);
  assert.match(p.r!.description as string, /\(minItems: 3, maxItems: 5\)/);
  assert.is(p.r!.title, "R");
  assert.ok(warnings.some((w) => w.path === "/properties/m" && /"minProperties"/.test(w.message)));
  const out = toJSONSchema(
    {
      type: "object",
      properties: {
        q: { type: "string" },
        gone: false,
        u: { anyOf: [false, { type: "string" }] },
        d: { type: "array", items: [{ type: "string" }], additionalItems: false },
      },
    },
    { target: "gemini", onIssue },
  );
  assert.equal(Object.keys(out.properties as object), ["q", "u", "d"]);
  assert.equal((out.properties as Record<string, unknown>).u, { type: "STRING" });
  assert.equal((out.properties as Record<string, Record<string, unknown>>).d!.properties, { 0: { type: "STRING" } });
  assert.ok(warnings.some((w) => w.path === "/properties/gone"));
  assert.throws(
    () => toJSONSchema({ type: "object", properties: { xs: { type: "array", items: false } } }, { target: "gemini" }),
    (e: Error) => e instanceof ConversionError,
  );
});

gemini("every keyword dropped is reported, so onIssue: 'error' refuses it", () => {
  const schema = {
    type: "object",
    properties: {
      a: { type: "string", if: { minLength: 3 }, then: { pattern: "^x" }, else: { enum: ["no"] } },
      b: { type: "array", items: { type: "integer" }, contains: { const: 1 }, minContains: 2 },
      c: {
        type: "object",
        properties: { p: { type: "string" } },
        dependentRequired: { p: ["q"] },
        unevaluatedProperties: false,
      },
    },
  };
  const { warnings, onIssue } = collect();
  const out = toJSONSchema(schema, { target: "gemini", onIssue });
  assert.equal(
    warnings.map((w) => `${w.path} ${w.message.match(/"(\w+)"/)![1]}`),
    [
      "/properties/a if",
      "/properties/a then",
      "/properties/a else",
      "/properties/b contains",
      "/properties/b minContains",
      "/properties/c dependentRequired",
      "/properties/c unevaluatedProperties",
    ],
  );
  assert.match(
    (out.properties as Record<string, Record<string, string>>).c!.description!,
    /dependentRequired: \{"p":\["q"\]\}/,
  );
  for (const key of ["a", "b", "c"]) {
    assert.throws(
      () =>
        toJSONSchema(
          { type: "object", properties: { [key]: schema.properties[key as "a"] } },
          { target: "gemini", onIssue: "error" },
        ),
      (e: Error) => e instanceof ConversionError,
    );
  }
  assert.equal(
    toJSONSchema(
      { type: "object", properties: { n: { type: "string", nullable: true, $comment: "c", "x-ui": 1 } } },
      { target: "gemini", onIssue: "error" },
    ).properties,
    { n: { type: "STRING", nullable: true } },
  );
});

const mcp = suite("mcp: tools/list entries");

mcp("toMCPFormat parses with the MCP SDK's ToolSchema; outputSchema from returns", () => {
  const sum = tool({
    name: "sum",
    description: "Adds.",
    parameters: t.object({ a: t.number(), b: t.number() }),
    returns: t.number({ description: "The sum" }),
    execute: ({ a, b }) => a + b,
  });
  const out = sum.toMCPFormat();
  assert.ok(ToolSchema.safeParse(out).success);
  assert.equal(out.outputSchema, {
    type: "object",
    properties: { result: { type: "number", description: "The sum" } },
    required: ["result"],
  });
  assert.match(out.description, /Returns:\n- type: number\n- description: The sum/);
  const objectReturn = tool({
    name: "o",
    description: "O.",
    parameters: t.object({}),
    returns: t.object({ ok: t.boolean() }),
    execute: () => ({ ok: true }),
  });
  assert.equal(objectReturn.toMCPFormat().outputSchema, {
    type: "object",
    properties: { ok: { type: "boolean" } },
    required: ["ok"],
  });
  assert.ok(ToolSchema.safeParse(planner.toMCPFormat()).success);
});

const names = suite("provider name rules");

names("a tool's name is one every provider takes; the refusal names each provider's own limit", () => {
  const make = (name: string) => tool({ name, description: "Reads.", parameters: t.object({}), execute: () => 1 });
  for (const name of ["files.read", "ns:read", "1st", "x".repeat(65), "has space", "", "é"]) {
    assert.throws(
      () => make(name),
      /is not usable: use 1 to 64 letters, digits, "_" or "-", starting with a letter or "_", which every provider takes \(OpenAI and Anthropic: .* up to 64; Gemini: .* up to 64; MCP: .* up to 128\)/,
      name,
    );
  }
  for (const name of ["_private", "get-weather", "a", "x".repeat(64)]) {
    const made = make(name);
    for (const write of [
      () => made.toOpenAIFormat(),
      () => made.toAnthropicFormat(),
      () => made.toGeminiFormat(),
      () => made.toMCPFormat(),
    ])
      assert.ok(write());
  }
});

names("a definition written by hand is held to each format's own rule, by name", () => {
  const plain = (name: string) => ({
    name,
    description: "Reads.",
    parameters: { type: "object", properties: {} },
    returns: undefined,
    strict: false,
  });
  const dotted = plain("files.read");
  assert.ok(toMCPFormat(dotted));
  assert.ok(toGeminiFormat(dotted));
  assert.throws(() => toOpenAIFormat(dotted), /openai tool names must match/);
  assert.throws(() => toAnthropicFormat(dotted), /anthropic tool names must match/);
  assert.throws(() => toGeminiFormat(plain("1st")), /gemini tool names must match/);
  const long = plain("x".repeat(65));
  assert.throws(() => toOpenAIFormat(long), /must match/);
  assert.ok(toMCPFormat(long));
});

strict.run();
roundTrip.run();
anthropic.run();
gemini.run();
mcp.run();
names.run();
