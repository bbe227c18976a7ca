// toJSONSchema: $defs for named and recursive types (seed 001), plain JSON output, the target seam.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { allowsEval, compile, t, toJSONSchema } from "tooltype";
import { literalCopier } from "../../src/schema/copier.js";

const Turn = t.named(
  "Turn",
  t.object({
    speaker_a: t.string({ description: "First speaker's message" }),
    speaker_b: t.string({ description: "Second speaker's message" }),
  }),
);
const turnDef = {
  type: "object",
  properties: {
    speaker_a: { type: "string", description: "First speaker's message" },
    speaker_b: { type: "string", description: "Second speaker's message" },
  },
  required: ["speaker_a", "speaker_b"],
  title: "Turn",
};

const defs = suite("toJSONSchema: named types become $defs (seed 001)");

defs("Conversation: a list of a named type", () => {
  const Conversation = t.object(
    { turns: t.array(Turn, { description: "Turns of the conversation" }) },
    { title: "Conversation" },
  );
  assert.equal(toJSONSchema(Conversation), {
    type: "object",
    properties: { turns: { type: "array", items: { $ref: "#/$defs/Turn" }, description: "Turns of the conversation" } },
    required: ["turns"],
    title: "Conversation",
    $defs: { Turn: turnDef },
  });
});

defs("DictConversation: a record of lists of a named type", () => {
  const schema = toJSONSchema(t.object({ turns: t.record(t.array(Turn)) }));
  assert.equal(schema.properties, {
    turns: { type: "object", additionalProperties: { type: "array", items: { $ref: "#/$defs/Turn" } } },
  });
  assert.equal(schema.$defs, { Turn: turnDef });
});

defs("SetConversation: a set of a named type", () => {
  const schema = toJSONSchema(t.object({ turns: t.set(Turn) }));
  assert.equal(schema.properties, { turns: { type: "array", items: { $ref: "#/$defs/Turn" }, uniqueItems: true } });
});

defs("a named type used many times, and through t.optional, is defined once", () => {
  const schema = toJSONSchema(t.object({ first: Turn, rest: t.array(Turn), maybe: t.optional(Turn) }));
  assert.equal(Object.keys(schema.$defs as object), ["Turn"]);
  assert.equal(schema.required, ["first", "rest"]);
  assert.equal((schema.properties as Record<string, unknown>).maybe, { $ref: "#/$defs/Turn" });
});

defs("a named root is written inline", () => {
  assert.equal(toJSONSchema(Turn), { type: "object", properties: turnDef.properties, required: turnDef.required });
});

defs("nested named types each get a definition", () => {
  const Speaker = t.named("Speaker", t.object({ name: t.string() }));
  const Line = t.named("Line", t.object({ who: Speaker, text: t.string() }));
  const schema = toJSONSchema(t.object({ lines: t.array(Line) }));
  assert.equal(Object.keys(schema.$defs as object).sort(), ["Line", "Speaker"]);
  assert.equal((schema.$defs as Record<string, Record<string, Record<string, unknown>>>).Line!.properties!.who, {
    $ref: "#/$defs/Speaker",
  });
});

defs("two different types under one name are refused", () => {
  const A = t.named("Thing", t.string());
  const B = t.named("Thing", t.integer());
  assert.throws(() => toJSONSchema(t.object({ a: A, b: B })), /two different types are named "Thing"/);
});

defs("a type named like the one it is nested in is refused too, not turned into a $ref to the outer one", () => {
  const inner = t.named("A", t.string());
  assert.throws(
    () => toJSONSchema(t.object({ x: t.named("A", t.object({ inner })) })),
    /two different types are named "A"/,
  );
});

defs("bad names are refused", () => {
  assert.throws(() => t.named("has space", t.string()), /the name must match/);
  assert.throws(() => t.named("a/b", t.string()), /the name must match/);
});

const recursion = suite("toJSONSchema: recursive types");

recursion("a recursive root is inline, with its definition for the self references", () => {
  const Tree = t.recursive("Tree", (self) => t.object({ value: t.number(), children: t.array(self) }));
  const body = {
    type: "object",
    properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } },
    required: ["value", "children"],
  };
  assert.equal(toJSONSchema(Tree), { ...body, $defs: { Tree: { ...body, title: "Tree" } } });
});

recursion("a recursive type below the root is referenced", () => {
  const Tree = t.recursive("Tree", (self) => t.object({ children: t.optional(t.array(self)) }));
  const schema = toJSONSchema(t.object({ tree: Tree }));
  assert.equal(schema.properties, { tree: { $ref: "#/$defs/Tree" } });
  assert.equal(Object.keys(schema.$defs as object), ["Tree"]);
});

recursion("mutually recursive types through named references", () => {
  const Expr: ReturnType<typeof t.recursive> = t.recursive("Expr", (expr) =>
    t.union([t.number(), t.object({ op: t.enum(["+", "-"]), args: t.array(expr) })]),
  );
  const schema = toJSONSchema(t.object({ expr: Expr }));
  assert.equal((schema.$defs as Record<string, Record<string, unknown>>).Expr!.oneOf, [
    { type: "number" },
    {
      type: "object",
      properties: {
        op: { type: "string", enum: ["+", "-"] },
        args: { type: "array", items: { $ref: "#/$defs/Expr" } },
      },
      required: ["op", "args"],
    },
  ]);
});

recursion("an optional (derived) use of a recursive type still refers to itself", () => {
  const Tree = t.recursive("Tree", (self) => t.object({ kids: t.array(self) }));
  const schema = toJSONSchema(
    t.object({ tree: t.optional(Tree), other: t.named("Other", t.object({ tree: t.optional(Tree) })) }),
  );
  assert.equal(schema.properties, { tree: { $ref: "#/$defs/Tree" }, other: { $ref: "#/$defs/Other" } });
  assert.equal(Object.keys(schema.$defs as object).sort(), ["Other", "Tree"]);
});

recursion(
  "another type under a recursive type's name is refused, whether met before its self reference or around it",
  () => {
    const before = t.recursive("T", (self) => t.object({ x: t.named("T", t.string()), kids: t.array(self) }));
    const around = t.recursive("T", (self) => t.object({ x: t.named("T", t.object({ k: t.array(self) })) }));
    for (const d of [before, around]) assert.throws(() => toJSONSchema(d), /two different types are named "T"/);
  },
);

recursion("the builder must return a descriptor", () => {
  assert.throws(() => t.recursive("X", () => ({}) as never), /must return a descriptor/);
});

const output = suite("toJSONSchema: output is plain, fresh JSON");

output("no symbols, JSON round-trips exactly, and the caller may change it", () => {
  const d = t.object({ a: t.enum(["x", "y"]), b: t.tuple([t.string()]) });
  const first = toJSONSchema(d);
  assert.equal(Object.getOwnPropertySymbols(first).length, 0);
  assert.equal(JSON.parse(JSON.stringify(first)), first);
  (first.properties as Record<string, unknown>).a = 1;
  (toJSONSchema(d).required as string[]).push("z");
  assert.equal(toJSONSchema(d).required, ["a", "b"]);
  assert.equal((toJSONSchema(d).properties as Record<string, unknown>).a, { type: "string", enum: ["x", "y"] });
});

output("plain JSON Schema input is copied through", () => {
  const schema = { type: "object", properties: { q: { type: "string" } }, $defs: { X: { type: "integer" } } };
  const out = toJSONSchema(schema);
  assert.equal(out, schema);
  assert.is.not(out, schema);
});

output("boolean subschemas stay booleans: false forbids, true allows", () => {
  const schema = {
    type: "object",
    properties: { q: { type: "string" }, forbidden: false, free: true },
    anyOf: [false, { required: ["q"] }],
    allOf: [true],
    $defs: { Never: false },
    prefixItems: [true, false],
  };
  const out = toJSONSchema(schema);
  assert.equal(out, schema);
  assert.equal(toJSONSchema({ dependentSchemas: { q: true }, not: false }), {
    dependentSchemas: { q: true },
    not: false,
  });
  assert.not.ok(compile(out)({ q: "a", forbidden: 1 }));
  assert.ok(compile(out)({ q: "a", free: 1 }));
});

output("a draft-07 tuple (items as a list) is written as draft 2020-12 prefixItems", () => {
  const schema = {
    type: "array",
    items: [{ type: "number" }, { type: "string" }, false],
    additionalItems: false,
    minItems: 2,
  };
  const out = toJSONSchema(schema);
  assert.equal(out, {
    type: "array",
    prefixItems: [{ type: "number" }, { type: "string" }, false],
    items: false,
    minItems: 2,
  });
  assert.equal(toJSONSchema({ type: "array", items: [{ type: "number" }] }), {
    type: "array",
    prefixItems: [{ type: "number" }],
  });
  assert.ok(compile(out)([1, "a"]));
  assert.not.ok(compile(out)([1, "a", null]));
});

output(
  "older drafts reach every provider in draft 2020-12 form: definitions as $defs with their references, boolean exclusive bounds as numbers, $schema",
  () => {
    // As schemars (Rust) and zod-to-json-schema write draft-07; draft-04's and OpenAPI 3.0's bounds.
    const draft07 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        mode: { $ref: "#/definitions/Mode" },
        list: { type: "array", items: { $ref: "#/definitions/Mode" } },
        n: {
          type: "integer",
          minimum: 1,
          exclusiveMinimum: true,
          maximum: 9,
          exclusiveMaximum: false,
          default: { exclusiveMinimum: true },
        },
      },
      required: ["mode"],
      definitions: { Mode: { type: "string", enum: ["fast", "slow"] } },
    };
    assert.equal(toJSONSchema(draft07), draft07); // draft 2020-12 itself writes it back as it came
    const out = toJSONSchema(draft07, { target: "mcp" });
    assert.equal(out, {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        mode: { $ref: "#/$defs/Mode" },
        list: { type: "array", items: { $ref: "#/$defs/Mode" } },
        n: { type: "integer", exclusiveMinimum: 1, maximum: 9, default: { exclusiveMinimum: true } },
      },
      required: ["mode"],
      $defs: { Mode: { type: "string", enum: ["fast", "slow"] } },
    });
    // The same values pass and fail before and after.
    for (const value of [
      { mode: "fast", n: 2 },
      { mode: "fast", n: 1 },
      { mode: "x" },
      { mode: "slow", list: ["fast", "y"] },
      { mode: "slow", n: 9 },
    ]) {
      assert.is(compile(out)(value), compile(draft07)(value), JSON.stringify(value));
    }
    // Every provider can follow the references now (Gemini inlines them; OpenAI's strict mode keeps $defs).
    for (const target of ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "mcp"] as const) {
      const written = JSON.stringify(toJSONSchema(draft07, { target }));
      assert.not.ok(written.includes("#/definitions/") || written.includes("draft-07"), `${target}: ${written}`);
    }
    // $defs wins over definitions of the same name; a schema already in 2020-12 form is the same object.
    assert.equal(
      toJSONSchema(
        { type: "object", $defs: { A: { type: "string" } }, definitions: { A: { type: "number" }, B: {} } },
        { target: "mcp" },
      ).$defs,
      { A: { type: "string" }, B: {} },
    );
    const current = { type: "object", properties: { a: { type: "integer", exclusiveMinimum: 0 } } };
    assert.equal(toJSONSchema(current, { target: "mcp" }), current);
  },
);

output(
  'a property named "__proto__" stays an own property in every target (a plain assignment would set the prototype)',
  () => {
    const json = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"type":"integer"}},"required":["__proto__"]}',
    );
    const described = t.object({ ["__proto__"]: t.string(), b: t.optional(t.integer()) });
    for (const schema of [json, described]) {
      for (const target of ["draft-2020-12", "openai", "openai-strict", "anthropic", "gemini", "mcp"] as const) {
        const out = toJSONSchema(schema, { target });
        const props = out.properties as Record<string, { type: unknown }>;
        assert.equal(Object.keys(props), ["__proto__", "b"], target);
        assert.ok(Object.hasOwn(props, "__proto__"), target);
        assert.is(Object.getPrototypeOf(props), Object.prototype, target);
        assert.equal(JSON.parse(JSON.stringify(out)).properties.__proto__.type, props.__proto__!.type, target);
      }
    }
    const named = t.named("__proto__", t.object({ x: t.string() }));
    const withDefs = toJSONSchema(t.object({ a: named, b: named }));
    assert.ok(Object.hasOwn(withDefs.$defs as object, "__proto__"));
    assert.equal(Object.keys(withDefs.$defs as object), ["__proto__"]);
  },
);

output("draft-2020-12 is the default target; an unknown target is refused by name", () => {
  assert.equal(toJSONSchema(t.string(), { target: "draft-2020-12" }), { type: "string" });
  assert.throws(() => toJSONSchema(t.string(), { target: "yaml" as never }), /unknown target "yaml"/);
  assert.throws(() => toJSONSchema(null as never), /expects a descriptor or a JSON Schema/);
});

const copies = suite("toJSONSchema: a descriptor asked for many times");

// Deeper than a literal is written in one piece, with every JSON value kind, a "__proto__" property,
// -0, and strings a JavaScript literal must escape (quotes, backslashes, line separators, lone surrogates).
const tricky = t.object({
  ["__proto__"]: t.string({ description: 'a "quoted" \\ back\u2028slash \ud800 end' }),
  level1: t.object({
    level2: t.object({ level3: t.object({ level4: t.array(t.tuple([t.literal(null), t.literal(true)])) }) }),
  }),
  n: t.number({ default: -0, minimum: -1.5e300, maximum: 1e21 }),
  e: t.enum(["a", "b", "1", "0"]),
});

copies("every copy equals the first, is a new object at every level, and changing one changes no other", () => {
  const first = toJSONSchema(tricky);
  assert.ok(Object.hasOwn(first.properties as object, "__proto__"));
  assert.is(Object.getPrototypeOf(first.properties), Object.prototype);
  const seen: object[] = [];
  for (let i = 0; i < 300; i++) {
    const copy = toJSONSchema(tricky);
    assert.equal(copy, first);
    assert.equal(JSON.stringify(copy), JSON.stringify(first));
    assert.ok(
      Object.is(
        (copy.properties as { n: { default: number } }).n.default,
        (first.properties as { n: { default: number } }).n.default,
      ),
    );
    assert.is(Object.getPrototypeOf(copy.properties), Object.prototype);
    seen.push(copy.properties as object);
    // Changed at the deepest level: the next copy must not see it.
    const level4 = (copy.properties as any).level1.properties.level2.properties.level3.properties.level4;
    level4.items.prefixItems[0].const = "changed";
    (copy.required as string[]).push("z");
  }
  assert.is(new Set(seen).size, seen.length);
  assert.equal(toJSONSchema(tricky), first);
});

copies("literalCopier: copies JSON as literals where eval is allowed, refuses what is not JSON", () => {
  const json = { a: [1, "x", { b: { c: { d: { e: [null, false] } } } }], ["__proto__"]: { f: -0 }, "0": "zero" };
  Object.defineProperty(json, "__proto__", { value: { f: -0 }, enumerable: true });
  const copy = literalCopier(json);
  if (!allowsEval()) {
    assert.is(copy, undefined);
    return;
  }
  const a = copy!() as typeof json,
    b = copy!() as typeof json;
  assert.equal(a, json);
  assert.is.not(a, b);
  assert.is.not(a.a[2], b.a[2]);
  assert.equal(Object.keys(a), Object.keys(json));
  assert.ok(Object.hasOwn(a, "__proto__") && Object.getPrototypeOf(a) === Object.prototype);
  for (const bad of [
    { x: NaN },
    { x: Infinity },
    { x: new Date(0) },
    { x: () => 1 },
    { x: undefined },
    [1n],
    Symbol("s"),
  ]) {
    assert.is(literalCopier(bad), undefined, String(bad));
  }
  let deep: unknown = "end";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.is(literalCopier(deep), undefined);
});

defs.run();
recursion.run();
output.run();
copies.run();
