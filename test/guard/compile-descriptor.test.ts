/**
 * compileDescriptor: the guard of descriptors and the JSON Schema the t builders write, without the reader of any
 * JSON Schema. A property test compares it with compile's interpreter (verdicts, and the issues listed, one for one)
 * and with ajv on toJSONSchema(d) over generated descriptors and values (test/support/arbitraries.ts, as the property
 * test of compile does); then the common failures' messages, hostile values, the subset's boundary, generated code
 * through { jit }, and Standard Schema.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { allowsEval, t, toJSONSchema, type Descriptor } from "tooltype";
import { compile, compileDescriptor, FORMATS, SchemaError } from "tooltype/guard";
import { jit } from "tooltype/jit";
import { build, divisorsOf, jsonValue, knownDifference, spec, valueFor, type Spec } from "../support/arbitraries.js";
import { makeAjv } from "../support/ajv-oracle.js";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const RUNS = Number(env?.TOOLTYPE_PROPERTY_RUNS) || 300;
const SEED = Number(env?.TOOLTYPE_PROPERTY_SEED) || 20261128;

const s = suite("compileDescriptor");

/** One descriptor: compileDescriptor's verdict and issues are compile's, and (where eval allows ajv) ajv's verdict. */
function agree(sp: Spec, values: readonly unknown[], ajv: ReturnType<typeof makeAjv> | undefined, tally: Tally): void {
  const d: Descriptor = build(sp);
  const lean = compileDescriptor(d);
  const full = compile(d, { eval: false });
  const validate = ajv?.compile(toJSONSchema(d));
  const divisors = divisorsOf(sp);
  for (const value of values) {
    const verdict = lean(value);
    const expected = full(value);
    const leanErrors = JSON.stringify(lean.errors(value));
    const fullErrors = JSON.stringify(full.errors(value));
    const oracle = validate && !knownDifference(value, divisors) ? validate(value) : expected;
    // Where compile itself differs from ajv (a host name's "--" in the third and fourth places, which RFC 5891 keeps
    // for A-labels), compile decides: those are counted, and must stay rare.
    if (oracle !== expected) tally.compileVsAjv++;
    if (verdict !== expected || leanErrors !== fullErrors || (leanErrors === "[]") !== verdict) {
      throw new Error(
        `compileDescriptor disagrees\n  schema: ${JSON.stringify(toJSONSchema(d))}\n  value: ${fc.stringify(value)}\n` +
          `  verdicts: lean ${verdict}, compile ${expected}, ajv ${oracle}\n  lean: ${leanErrors}\n  compile: ${fullErrors}`,
      );
    }
    if (verdict) tally.valid++;
    tally.checked++;
  }
}

interface Tally {
  checked: number;
  valid: number;
  compileVsAjv: number;
}

s("property: the same verdicts and issues as compile, and ajv's verdicts, over generated descriptors", () => {
  const ajv = allowsEval() ? makeAjv() : undefined;
  const tally: Tally = { checked: 0, valid: 0, compileVsAjv: 0 };
  const withValues = spec.chain((sp) =>
    fc.tuple(fc.constant(sp), fc.array(fc.oneof(valueFor(sp), jsonValue), { minLength: 1, maxLength: 10 })),
  );
  fc.assert(
    fc.property(withValues, ([sp, values]) => agree(sp, values, ajv, tally)),
    { numRuns: RUNS, seed: SEED, includeErrorInReport: true },
  );
  const { checked, valid, compileVsAjv } = tally;
  assert.ok(valid >= checked * 0.2 && valid <= checked * 0.8, `${valid} of ${checked} valid: too one-sided to compare`);
  assert.ok(compileVsAjv <= checked * 0.01, `compile and ajv differ on ${compileVsAjv} of ${checked} values`);
});

s("the common failures: compile's paths and messages", () => {
  const d = t.object(
    {
      city: t.string({ minLength: 2, maxLength: 5, pattern: "^[A-Z]" }),
      days: t.integer({ minimum: 1, maximum: 10, multipleOf: 2 }),
      unit: t.enum(["c", "f"]),
      when: t.datetime(),
      tags: t.set(t.string(), { minItems: 1, maxItems: 2 }),
      pair: t.tuple([t.string(), t.number()]),
      id: t.union([t.string(), t.integer()]),
      shape: t.union([
        t.object({ kind: t.literal("circle"), r: t.number() }),
        t.object({ kind: t.literal("square"), side: t.number() }),
      ]),
      extra: t.optional(t.record(t.number())),
    },
    { additionalProperties: false },
  );
  const values: unknown[] = [
    { city: "x", days: 3.5, unit: "k", when: "yesterday", tags: [], pair: [1], id: 1.5, shape: { kind: "circle" } },
    {
      city: "lowercase-long",
      days: 12,
      unit: "c",
      when: "2026-11-28T09:00:00Z",
      tags: ["a", "a", "b"],
      pair: ["a", 1, 2],
    },
    {
      city: "Oslo",
      days: 0,
      unit: "f",
      when: "2026-11-28T09:00:00Z",
      tags: ["a"],
      pair: ["a", 1],
      id: null,
      shape: 1,
      nope: 1,
    },
    {
      city: "Oslo",
      days: 3,
      unit: "f",
      when: "2026-11-28T09:00:00Z",
      tags: ["a"],
      pair: ["a", 1],
      id: "x",
      shape: { kind: "square", side: "1" },
      extra: { a: "1" },
    },
    "not an object",
    null,
  ];
  const lean = compileDescriptor(d);
  const full = compile(d, { eval: false });
  for (const value of values) {
    assert.is(lean(value), false);
    assert.equal(lean.errors(value), full.errors(value), JSON.stringify(value));
    assert.equal(lean.errors(value, { limit: 2 }), full.errors(value, { limit: 2 }));
  }
  const codes = new Set(values.flatMap((value) => lean.errors(value).map((issue) => issue.code)));
  for (const code of ["min_length", "max_length", "pattern", "minimum", "maximum", "multiple_of", "type", "enum"])
    assert.ok(codes.has(code as never), code);
  for (const code of ["format", "min_items", "max_items", "unique_items", "union", "required", "additional_property"])
    assert.ok(codes.has(code as never), code);
});

s("hostile values: deep nesting, huge arrays, __proto__ keys, throwing getters", () => {
  const Tree = t.recursive("Tree", (self) => t.object({ kids: t.array(self) }));
  const lean = compileDescriptor(Tree);
  const full = compile(Tree, { eval: false });
  let deep: unknown = { kids: [] };
  for (let i = 0; i < 100_000; i++) deep = { kids: [deep] };
  assert.is(lean(deep), false);
  assert.equal(lean.errors(deep), full.errors(deep));
  assert.is(lean.errors(deep)[0]!.code, "too_deep");
  const list = t.array(t.integer());
  const huge = Array.from({ length: 1_000_000 }, (_, i) => (i === 999_999 ? "x" : i));
  assert.is(compileDescriptor(list)(huge), false);
  assert.equal(compileDescriptor(list).errors(huge), [
    {
      code: "type",
      path: "/999999",
      message: "Expected integer, received string",
      expected: "integer",
      received: "string",
    },
  ]);
  const many = Array.from({ length: 100_000 }, () => "x");
  assert.is(compileDescriptor(list).errors(many, { limit: 3 }).length, 3);
  const proto = t.object({ name: t.string() }, { additionalProperties: false });
  const sneaky = JSON.parse('{"name":"a","__proto__":{"name":1}}');
  assert.equal(compileDescriptor(proto).errors(sneaky), compile(proto).errors(sneaky));
  assert.is(compileDescriptor(t.object({ constructor: t.string() }))({}), false);
  const trap = {
    get name(): string {
      throw new Error("getter ran");
    },
  };
  assert.throws(() => compile(t.object({ name: t.string() }), { eval: false })(trap), /getter ran/);
  assert.throws(() => compileDescriptor(t.object({ name: t.string() }))(trap), /getter ran/);
});

s("branches that recurse alike: each object checked once a call (reads counted), as compile does", () => {
  const schema = {
    $defs: { N: { type: "object", properties: { k: { anyOf: [{ $ref: "#/$defs/N" }, { $ref: "#/$defs/N" }] } } } },
    $ref: "#/$defs/N",
  };
  let reads = 0;
  let value: unknown = { k: "not an object" };
  for (let i = 0; i < 20; i++)
    value = new Proxy({ k: value }, { get: (target, key) => (key === "k" && reads++, Reflect.get(target, key)) });
  const lean = compileDescriptor(schema);
  assert.is(lean(value), false);
  assert.ok(reads <= 4 * 21, `${reads} reads to check 21 levels`); // 2^20 without the verdicts kept
  reads = 0;
  const issues = lean.errors(value);
  assert.ok(reads <= 8 * 21, `${reads} reads to report 21 levels`);
  assert.equal(issues, compile(schema, { eval: false }).errors(value));
});

s("outside the subset: a SchemaError naming the keyword, where, and compile", () => {
  const cases: [object, RegExp][] = [
    [
      { type: "object", properties: { a: { not: { type: "string" } } } },
      /unsupported keyword "not" at #\/properties\/a/,
    ],
    [{ allOf: [{ type: "string" }] }, /unsupported keyword "allOf" at #/],
    [{ type: "object", patternProperties: { "^x": {} } }, /"patternProperties"/],
    [{ if: { type: "string" }, then: { minLength: 1 } }, /"if"/],
    [{ $ref: "https://example.com/s.json" }, /"\$ref" "https:\/\/example.com\/s.json"/],
    [{ type: "array", items: [{ type: "string" }] }, /"items" as a list/],
    [{ $schema: "http://json-schema.org/draft-07/schema#" }, /"\$schema"/],
    [{ type: "string", format: "uri-template" }, /"format" "uri-template" at #/],
  ];
  for (const [schema, what] of cases) {
    assert.throws(
      () => compileDescriptor(schema),
      (e: Error) => e instanceof SchemaError && what.test(e.message),
    );
    assert.throws(() => compileDescriptor(schema), /pass compile from "tooltype\/guard"/);
  }
  assert.throws(
    () => compileDescriptor({ type: "string", minLength: -1 }),
    /"minLength" at # must be a non-negative integer/,
  );
  assert.throws(() => compileDescriptor({ type: "strin" }), /"type" at # must be one of null, boolean/);
  assert.throws(
    () => compileDescriptor(t.string({ default: 5 as never })),
    /option "default" of t.string at # is not a value of its type/,
  );
  // Every format compile checks is checked alike here, or refused: never an annotation in one and checked in the other.
  for (const name of Object.keys(FORMATS)) {
    let guard: ((value: unknown) => boolean) | undefined;
    try {
      guard = compileDescriptor({ type: "string", format: name });
    } catch (error) {
      assert.match((error as Error).message, /pass compile from "tooltype\/guard"/);
      continue;
    }
    assert.is(guard("not a valid one: %%"), compile({ type: "string", format: name })("not a valid one: %%"), name);
    assert.is(guard(""), compile({ type: "string", format: name })(""), name);
  }
  // Annotations, unknown formats and what the t builders write are read.
  const plain = compileDescriptor({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: ["string", "null"],
    title: "Name",
    format: "x-vendor",
    "x-ui": { widget: "text" },
  });
  assert.ok(plain(null) && plain("a") && !plain(1));
});

s("a $ref that comes back to the same value is refused when compiled, as compile refuses it", () => {
  const loops: object[] = [
    { $ref: "#" },
    { $defs: { A: { $ref: "#/$defs/A" } }, $ref: "#/$defs/A" },
    { $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } }, $ref: "#/$defs/A" },
    { anyOf: [{ $ref: "#" }, { type: "string" }] },
    { $defs: { A: { oneOf: [{ type: "null" }, { $ref: "#/$defs/A" }] } }, type: "array", items: { $ref: "#/$defs/A" } },
  ];
  for (const schema of loops) {
    assert.throws(() => compile(schema, { eval: false }), /comes back to the same value/);
    assert.throws(
      () => compileDescriptor(schema),
      (e: Error) => e instanceof SchemaError && /comes back to the same value/.test(e.message),
      JSON.stringify(schema),
    );
  }
  assert.throws(() => compileDescriptor(loops[4]!), /"\$ref" "#\/\$defs\/A" at #\/\$defs\/A\/oneOf\/1 comes back/);
  // A $ref that enters an item or a property on its way back is a recursive type, not a loop.
  const list = {
    $defs: { L: { anyOf: [{ type: "null" }, { type: "array", items: { $ref: "#/$defs/L" } }] } },
    $ref: "#/$defs/L",
  };
  assert.ok(compileDescriptor(list)([[null, []]]));
});

s("a malformed keyword is a SchemaError showing the value as compile does, never another error", () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const cases: [object, RegExp][] = [
    [{ $defs: { a: {} }, $ref: "#/$defs/%E0%A4%A" }, /"\$ref" "#\/\$defs\/%E0%A4%A" \(only/],
    [{ type: "string", minLength: 1n }, /"minLength" at # must be a non-negative integer, received 1n$/],
    [{ type: "number", maximum: Number.NaN }, /"maximum" at # must be a finite number, received NaN$/],
    [{ type: "number", minimum: -Infinity }, /received -Infinity$/],
    [{ enum: cycle }, /"enum" at # must be an array, received object$/],
    [{ type: "string", maxLength: "x".repeat(1000) }, /received "x{70,}…$/],
  ];
  // A fragment that is no percent-encoding names the $defs entry as written, as compile reads it.
  const odd = { $defs: { "%E0%A4%A": { type: "string" } }, $ref: "#/$defs/%E0%A4%A" };
  assert.ok(compileDescriptor(odd)("a") && compile(odd)("a") && !compileDescriptor(odd)(1));
  for (const [schema, what] of cases)
    assert.throws(
      () => compileDescriptor(schema),
      (e: Error) => e instanceof SchemaError && what.test(e.message),
      e(schema),
    );
});

function e(schema: object): string {
  try {
    compileDescriptor(schema);
    return "no error";
  } catch (error) {
    return `${(error as Error).constructor.name}: ${(error as Error).message}`;
  }
}

s("enum and const hold JSON values, as compile reads them; an empty enum allows nothing", () => {
  const refused: object[] = [
    { enum: [Number.NaN, 0] },
    { enum: [1, undefined] },
    { const: undefined },
    { const: { when: new Date(0) } },
    { type: "object", properties: { a: { const: Infinity } } },
  ];
  for (const schema of refused) {
    assert.throws(
      () => compile(schema, { eval: false }),
      (e: Error) => e instanceof SchemaError,
    );
    assert.throws(
      () => compileDescriptor(schema),
      (e: Error) =>
        e instanceof SchemaError &&
        /"(enum|const)" at #\S* must be (an array of JSON values|a JSON value)/.test(e.message),
      e(schema),
    );
  }
  const none = { type: "object", properties: { a: { enum: [] } } };
  for (const value of [{ a: 1 }, { a: null }, {}])
    assert.equal(compileDescriptor(none).errors(value), compile(none, { eval: false }).errors(value));
  assert.is(compileDescriptor(none).errors({ a: 1 })[0]!.code, "never");
});

s("a pattern valid only without the u flag is read as compile reads it; one valid in neither is refused", () => {
  for (const source of ["^[a-z\\_]+$", "^\\@\\-x$"]) {
    const schema = { type: "string", pattern: source };
    const lean = compileDescriptor(schema);
    const full = compile(schema, { eval: false });
    for (const value of ["a_b", "@-x", "A", ""])
      assert.equal(lean.errors(value), full.errors(value), `${source} ${value}`);
  }
  assert.throws(
    () => compileDescriptor({ type: "string", pattern: "(" }),
    (e: Error) => e instanceof SchemaError && /"pattern" at # is not a valid regular expression/.test(e.message),
  );
});

s("a wide schema (200,000 properties or tuple items) compiles as it does with compile", () => {
  const many = Array.from({ length: 200_000 }, (_, i) => i);
  const properties = Object.fromEntries(many.map((i) => [`p${i}`, { type: "integer" }]));
  const schemas: [object, unknown[]][] = [
    [{ type: "object", properties }, [{ p1: 1 }, { p1: "x" }]],
    [
      { type: "array", prefixItems: many.map(() => ({ type: "integer" })) },
      [
        [1, 2],
        [1, "x"],
      ],
    ],
  ];
  for (const [schema, values] of schemas) {
    const lean = compileDescriptor(schema);
    const full = compile(schema, { eval: false });
    for (const value of values) assert.equal(lean.errors(value), full.errors(value));
  }
});

s("a false branch in a union: the issues compile lists", () => {
  const schemas = [
    { oneOf: [false, { type: "boolean", minProperties: 2 }] },
    { anyOf: [{ enum: [2.5, { a: 1 }, "b"] }, false] },
    { type: "object", properties: { a: { anyOf: [false, { type: "string" }, { type: "integer" }] } } },
  ];
  for (const schema of schemas)
    for (const value of [7, 0.3, {}, "x", { a: null }, { a: 1.5 }])
      assert.equal(
        compileDescriptor(schema).errors(value),
        compile(schema, { eval: false }).errors(value),
        `${JSON.stringify(schema)} ${JSON.stringify(value)}`,
      );
});

s("a key whose value is undefined is absent, as in JSON and compile (a schema built with optional values)", () => {
  const max: number | undefined = undefined;
  const schema = {
    type: "object",
    properties: {
      name: { type: "string", maxLength: max, pattern: undefined, format: undefined, description: undefined },
    },
    required: undefined,
    additionalProperties: undefined,
  };
  for (const value of [{}, { name: "x".repeat(50) }, { name: 1 }])
    assert.equal(compileDescriptor(schema).errors(value), compile(schema, { eval: false }).errors(value));
  assert.throws(
    () => compileDescriptor({ const: undefined }),
    (e: Error) => e instanceof SchemaError && /"const" at # must be a JSON value/.test(e.message),
  );
});

s("enum beside const, and an empty prefixItems, are read as compile reads them", () => {
  const schemas = [
    { enum: [1, 2, "a"], const: 2 },
    { const: "b", enum: ["a"] },
    { type: "array", prefixItems: [], items: { type: "string" } },
  ];
  for (const schema of schemas)
    for (const value of [1, 2, "a", "b", [], ["x"], [1]])
      assert.equal(
        compileDescriptor(schema).errors(value),
        compile(schema, { eval: false }).errors(value),
        `${JSON.stringify(schema)} ${JSON.stringify(value)}`,
      );
});

s("plain JSON Schema within the subset, $defs and the root's $ref", () => {
  const schema = {
    type: "object",
    properties: { head: { $ref: "#/$defs/Node" }, self: { $ref: "#" } },
    $defs: {
      Node: {
        type: "object",
        properties: { value: { const: 1 }, next: { $ref: "#/$defs/Node" } },
        required: ["value"],
      },
    },
  };
  const lean = compileDescriptor(schema);
  const full = compile(schema);
  for (const value of [
    { head: { value: 1, next: { value: 2 } } },
    { self: { head: { value: 1 } } },
    { self: { self: 1 } },
  ]) {
    assert.is(lean(value), full(value));
    assert.equal(lean.errors(value), full.errors(value));
  }
});

s("with { jit }: compile's guard with generated code", () => {
  const guard = compileDescriptor({ not: { type: "string" } }, { jit });
  assert.is(guard.mode, allowsEval() ? "eval" : "interpret");
  assert.ok(guard(1) && !guard("a"));
});

s("a Standard Schema v1 with jsonSchema, as compile's guard", () => {
  const guard = compileDescriptor(t.object({ n: t.integer() }));
  assert.is(guard.mode, "interpret");
  assert.equal(guard["~standard"].validate({ n: "1" }), {
    issues: [{ message: "Expected integer, received string", path: ["n"] }],
  });
  assert.equal(guard["~standard"].jsonSchema.input(), toJSONSchema(t.object({ n: t.integer() })));
  assert.throws(() => guard.assert({}), /\/n: Missing required property \(expected integer\)/);
});

s.run();
