// The t builders: every row of seed 000's type tables, options, immutability, and refusals.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, toJSONSchema, isDescriptor, Kind, compile, SchemaError, tool } from "tooltype";

const json = (d: object) => toJSONSchema(d);

const primitives = suite("t: primitives and special strings (seed 000)");

primitives("string, integer, number, boolean, null, any", () => {
  assert.equal(json(t.string()), { type: "string" });
  assert.equal(json(t.integer()), { type: "integer" });
  assert.equal(json(t.number()), { type: "number" });
  assert.equal(json(t.boolean()), { type: "boolean" });
  assert.equal(json(t.null()), { type: "null" });
  assert.equal(json(t.any()), {});
});

primitives("bytes, datetime, date, time", () => {
  assert.equal(json(t.bytes()), { type: "string", contentEncoding: "base64" });
  assert.equal(json(t.datetime()), { type: "string", format: "date-time" });
  assert.equal(json(t.date()), { type: "string", format: "date" });
  assert.equal(json(t.time()), { type: "string", format: "time" });
});

primitives("annotations and constraints are emitted as given", () => {
  assert.equal(
    json(
      t.string({
        description: "City",
        title: "Location",
        minLength: 1,
        maxLength: 80,
        pattern: "^[A-Z]",
        format: "email",
        examples: ["Paris"],
      }),
    ),
    {
      type: "string",
      description: "City",
      title: "Location",
      minLength: 1,
      maxLength: 80,
      pattern: "^[A-Z]",
      format: "email",
      examples: ["Paris"],
    },
  );
  assert.equal(
    json(
      t.number({ minimum: 0, maximum: 10, exclusiveMinimum: -1, exclusiveMaximum: 11, multipleOf: 0.5, default: 2 }),
    ),
    {
      type: "number",
      minimum: 0,
      maximum: 10,
      exclusiveMinimum: -1,
      exclusiveMaximum: 11,
      multipleOf: 0.5,
      default: 2,
    },
  );
  assert.equal(json(t.boolean({ deprecated: true })), { type: "boolean", deprecated: true });
});

primitives("a RegExp pattern is written as its source", () => {
  assert.equal(json(t.string({ pattern: /^\d+$/ })), { type: "string", pattern: "^\\d+$" });
  assert.throws(() => t.string({ pattern: /a/i }), /cannot carry flags/);
});

primitives("Date, Uint8Array and Set defaults are written as JSON", () => {
  assert.equal(json(t.datetime({ default: new Date("2026-01-02T03:04:05Z") })).default, "2026-01-02T03:04:05.000Z");
  assert.equal(json(t.bytes({ default: new Uint8Array([104, 105]) })).default, "aGk=");
  assert.equal(json(t.set(t.string(), { default: new Set(["a"]) })).default, ["a"]);
});

primitives("unknown or ill-typed options are refused, naming the builder and the option", () => {
  assert.throws(() => t.string({ minimum: 1 } as never), /t\.string: unknown option "minimum"/);
  assert.throws(() => t.integer({ maxLength: 1 } as never), /t\.integer: unknown option "maxLength"/);
  assert.throws(() => t.string({ minLength: -1 }), /"minLength" must be a non-negative integer/);
  assert.throws(() => t.string({ minLength: 1.5 }), /non-negative integer/);
  assert.throws(() => t.number({ multipleOf: 0 }), /"multipleOf" must be a positive number/);
  assert.throws(() => t.number({ minimum: Infinity }), /finite number/);
  assert.throws(() => t.string({ pattern: "(" }), /not a valid regular expression/);
  assert.throws(() => t.string({ description: 3 } as never), /must be a string/);
  assert.throws(() => t.any({ default: () => 1 } as never), /must be a JSON value/);
  assert.throws(() => t.string("x" as never), /options must be an object/);
});

primitives(
  "a default outside its type is refused where the type is compiled, naming the builder, the option, where and the issue",
  () => {
    // Building needs no guard (descriptors are plain data); compile, and so tool(), refuses the default.
    const refused = (make: () => object, pattern: RegExp) => {
      const d = make();
      assert.throws(
        () => compile(d),
        (error: unknown) => error instanceof SchemaError && pattern.test(error.message),
      );
      assert.throws(
        () => compile(d, { eval: false }),
        (error: unknown) => error instanceof SchemaError && pattern.test(error.message),
      );
    };
    const builderRefuses = (make: () => unknown, pattern: RegExp) => {
      assert.throws(make, (error: unknown) => error instanceof TypeError && pattern.test(error.message));
    };
    refused(
      () => t.string({ default: 5 } as never),
      /option "default" of t\.string at # is not a value of its type: .*Expected string, received integer/,
    );
    refused(
      () => t.enum(["celsius", "fahrenheit"], { default: "kelvin" } as never),
      /option "default" of t\.enum at # is not a value of its type: .*received "kelvin"/,
    );
    refused(
      () => t.integer({ minimum: 1, default: 0 }),
      /option "default" of t\.integer at # is not a value of its type: .*Expected a number >= 1, received 0/,
    );
    refused(
      () => t.datetime({ default: "tomorrow" }),
      /option "default" of t\.datetime at # is not a value of its type/,
    );
    refused(
      () => t.array(t.integer(), { default: ["a"] } as never),
      /option "default" of t\.array at # is not a value of its type: .*at \/0: Expected integer/,
    );
    refused(
      () => t.object({ a: t.string() }, { default: {} } as never),
      /option "default" of t\.object at # is not a value of its type: .*Missing required property/,
    );
    refused(
      () => t.literal("a", { default: "b" } as never),
      /option "default" of t\.literal at # is not a value of its type/,
    );
    // A Map is written as an object; a class instance or a nested Map would lose its content, and is refused.
    assert.equal(json(t.record(t.number(), { default: new Map([["a", 1]]) })).default, { a: 1 });
    assert.equal(json(t.object({ when: t.datetime() }, { default: { when: new Date(0) } })).default, {
      when: "1970-01-01T00:00:00.000Z",
    });
    builderRefuses(
      () =>
        t.any({
          default: new (class Point {
            x = 1;
          })(),
        }),
      /^t\.any: option "default" must be a JSON value/,
    );
    builderRefuses(
      () => t.any({ default: { m: new Map([["a", 1]]) } }),
      /^t\.any: option "default" must be a JSON value/,
    );
    // Defaults of their type are kept, recursive bodies included.
    assert.is(json(t.enum(["celsius", "fahrenheit"], { default: "celsius" })).default, "celsius");
    assert.is(json(t.nullable(t.string({ default: "x" }))).default, "x");
    assert.equal(json(t.object({ a: t.optional(t.string()) }, { default: {} })).default, {});
    const Tree = t.recursive("Tree", (self) =>
      t.object({ children: t.array(self, { default: [] }) }, { default: { children: [] } }),
    );
    assert.equal((json(Tree).$defs as { Tree: { default: unknown } }).Tree.default, { children: [] });
    refused(
      () => t.recursive("Tree", (self) => t.object({ children: t.array(self) }, { default: { children: 5 } })),
      /option "default" of t\.object at # is not a value of its type: .*at \/children: Expected array/,
    );
    // Below the self reference too, once the recursive type is bound.
    refused(
      () =>
        t.recursive("N", (self) =>
          t.object({ next: t.optional(self), v: t.number() }, { default: { v: 1, next: { v: "x" } } }),
        ),
      /option "default" of t\.object at # is not a value of its type: .*at \/next\/v: Expected number, received string/,
    );
    // Nested: the path names where the node is; examples too; and tool() refuses at definition.
    refused(
      () => t.object({ unit: t.enum(["c", "f"], { default: "k" } as never) }),
      /option "default" of t\.enum at #\/properties\/unit is not a value of its type: Expected "c" \| "f", received "k"/,
    );
    refused(
      () => t.object({ n: t.array(t.integer({ examples: [1, 2.5] })) }),
      /option "examples" \(item 1\) of t\.integer at #\/properties\/n\/items is not a value of its type/,
    );
    assert.throws(
      () =>
        tool({
          name: "f",
          description: "F.",
          parameters: t.object({ unit: t.enum(["c", "f"], { default: "k" } as never) }),
          execute: () => 1,
        }),
      /option "default" of t\.enum at #\/properties\/unit/,
    );
  },
);

const literals = suite("t: literal and enum (seed 000)");

literals("literals carry the type their values share", () => {
  assert.equal(json(t.literal("a")), { type: "string", enum: ["a"] });
  assert.equal(json(t.literal(3)), { type: "integer", enum: [3] });
  assert.equal(json(t.literal(true)), { type: "boolean", enum: [true] });
  assert.equal(json(t.literal(null)), { type: "null", enum: [null] });
});

literals("enums: one shared type, integer widened by a fraction, none when mixed", () => {
  assert.equal(json(t.enum(["a", "b", "c"])), { type: "string", enum: ["a", "b", "c"] });
  assert.equal(json(t.enum([1, 2, 3])), { type: "integer", enum: [1, 2, 3] });
  assert.equal(json(t.enum([1, 2.5])), { type: "number", enum: [1, 2.5] });
  assert.equal(json(t.enum(["a", 1, true])), { enum: ["a", 1, true] });
});

literals("TypeScript enum objects: string, numeric (reverse keys skipped), heterogeneous", () => {
  enum Color {
    Red = "red",
    Green = "green",
  }
  enum Level {
    Low = 1,
    High = 2,
  }
  enum Auto {
    A,
    B,
    C,
  }
  enum Mixed {
    One = 1,
    Two = "two",
  }
  assert.equal(json(t.enum(Color)), { type: "string", enum: ["red", "green"] });
  assert.equal(json(t.enum(Level)), { type: "integer", enum: [1, 2] });
  assert.equal(json(t.enum(Auto)), { type: "integer", enum: [0, 1, 2] });
  assert.equal(json(t.enum(Mixed)), { enum: [1, "two"] });
  // Members sharing a value (aliases) are legal TypeScript: the value is listed once.
  enum Alias {
    Low = 0,
    Least = 0,
    High = 1,
  }
  enum Same {
    A = "x",
    B = "x",
  }
  assert.equal(json(t.enum(Alias)), { type: "integer", enum: [0, 1] });
  assert.equal(json(t.enum(Same)), { type: "string", enum: ["x"] });
});

literals("bad enum values are refused", () => {
  assert.throws(() => t.enum([]), /at least one value/);
  assert.throws(() => t.enum(["a", "a"]), /listed twice/);
  assert.throws(() => t.enum([NaN]), /not a string, finite number/);
  assert.throws(() => t.literal({} as never), /not a string/);
});

const collections = suite("t: arrays, sets, tuples, records (seed 000)");

collections("arrays and sets, typed and untyped", () => {
  assert.equal(json(t.array(t.integer())), { type: "array", items: { type: "integer" } });
  assert.equal(json(t.array()), { type: "array", items: { type: "string" } });
  assert.equal(json(t.set(t.string())), { type: "array", items: { type: "string" }, uniqueItems: true });
  assert.equal(json(t.array(t.number(), { minItems: 1, maxItems: 3 })), {
    type: "array",
    items: { type: "number" },
    minItems: 1,
    maxItems: 3,
  });
});

collections("tuples: fixed length, with a rest item, and the homogeneous t.tuple([], rest)", () => {
  assert.equal(json(t.tuple([t.string(), t.integer(), t.boolean()])), {
    type: "array",
    prefixItems: [{ type: "string" }, { type: "integer" }, { type: "boolean" }],
    minItems: 3,
    maxItems: 3,
  });
  assert.equal(json(t.tuple([], t.number())), { type: "array", items: { type: "number" } });
  assert.equal(json(t.tuple([t.string()], t.integer(), { maxItems: 4 })), {
    type: "array",
    prefixItems: [{ type: "string" }],
    items: { type: "integer" },
    minItems: 1,
    maxItems: 4,
  });
  assert.equal(json(t.tuple([t.string()], { description: "one name" })), {
    type: "array",
    prefixItems: [{ type: "string" }],
    minItems: 1,
    maxItems: 1,
    description: "one name",
  });
  assert.throws(() => t.tuple([t.string()], { minItems: 3 } as never), /unknown option "minItems"/);
  assert.throws(() => t.tuple("x" as never), /array of descriptors/);
});

collections("records: typed values, untyped default string values", () => {
  assert.equal(json(t.record(t.integer())), { type: "object", additionalProperties: { type: "integer" } });
  assert.equal(json(t.record()), { type: "object", additionalProperties: { type: "string" } });
  assert.equal(json(t.record(t.array(t.string()), { minProperties: 1 })), {
    type: "object",
    additionalProperties: { type: "array", items: { type: "string" } },
    minProperties: 1,
  });
});

const objects = suite("t: objects, optional, defaults, nullable");

objects("required lists what is neither optional nor defaulted, in declaration order", () => {
  const d = t.object({ a: t.string(), b: t.optional(t.integer()), c: t.integer({ default: 1 }), d: t.boolean() });
  assert.equal(json(d), {
    type: "object",
    properties: {
      a: { type: "string" },
      b: { type: "integer" },
      c: { type: "integer", default: 1 },
      d: { type: "boolean" },
    },
    required: ["a", "d"],
  });
});

objects("required is left out when nothing is required; additionalProperties as given", () => {
  assert.equal(json(t.object({ a: t.optional(t.string()) })), {
    type: "object",
    properties: { a: { type: "string" } },
  });
  assert.equal(json(t.object({}, { additionalProperties: false })), {
    type: "object",
    properties: {},
    additionalProperties: false,
  });
  assert.equal(json(t.object({}, { additionalProperties: t.number() })), {
    type: "object",
    properties: {},
    additionalProperties: { type: "number" },
  });
});

objects("t.optional leaves the schema unchanged (seed 000 unwraps Optional[T])", () => {
  assert.equal(json(t.optional(t.string({ minLength: 2 }))), { type: "string", minLength: 2 });
});

objects("t.nullable: type lists for typed schemas, enum gains null, anyOf otherwise", () => {
  assert.equal(json(t.nullable(t.string())), { type: ["string", "null"] });
  assert.equal(json(t.nullable(t.enum(["a", "b"]))), { type: ["string", "null"], enum: ["a", "b", null] });
  assert.equal(json(t.nullable(t.enum(["a", 1]))), { enum: ["a", 1, null] });
  assert.equal(json(t.nullable(t.nullable(t.integer()))), { type: ["integer", "null"] });
  assert.equal(json(t.nullable(t.union([t.string(), t.integer()]))), {
    anyOf: [{ oneOf: [{ type: "string" }, { type: "integer" }] }, { type: "null" }],
  });
  assert.equal(json(t.nullable(t.any())), {});
});

objects("a nullable optional property stays optional", () => {
  assert.equal(json(t.object({ a: t.nullable(t.optional(t.string())) })), {
    type: "object",
    properties: { a: { type: ["string", "null"] } },
  });
});

objects("bad properties are refused", () => {
  assert.throws(() => t.object({ a: { type: "string" } } as never), /property "a" is not a descriptor/);
  assert.throws(() => t.object(t.string() as never), /map of property names/);
  assert.throws(() => t.optional({} as never), /t\.optional: expects a descriptor/);
});

objects("the seed 000 get_weather parameters, exactly", () => {
  const parameters = t.object({
    location: t.string({ description: "Parameter location of type str" }),
    unit: t.enum(["celsius", "fahrenheit"], {
      description: "Parameter unit of type Literal['celsius', 'fahrenheit']",
      default: "celsius",
    }),
  });
  const schema = json(parameters);
  delete (schema.properties as Record<string, Record<string, unknown>>).unit!.default; // seed 000 shows no default key
  assert.equal(schema, {
    type: "object",
    properties: {
      location: { type: "string", description: "Parameter location of type str" },
      unit: {
        type: "string",
        enum: ["celsius", "fahrenheit"],
        description: "Parameter unit of type Literal['celsius', 'fahrenheit']",
      },
    },
    required: ["location"],
  });
});

const unions = suite("t: unions (DESIGN: oneOf when disjoint, anyOf when overlapping)");

unions("disjoint JSON types give oneOf", () => {
  assert.equal(json(t.union([t.string(), t.integer()])), { oneOf: [{ type: "string" }, { type: "integer" }] });
  assert.equal(json(t.union([t.array(t.integer()), t.string(), t.null()])), {
    oneOf: [{ type: "array", items: { type: "integer" } }, { type: "string" }, { type: "null" }],
  });
});

unions("overlapping branches give anyOf (integer overlaps number; two objects overlap)", () => {
  assert.equal(json(t.union([t.integer(), t.number()])), { anyOf: [{ type: "integer" }, { type: "number" }] });
  const a = t.object({ kind: t.literal("a") });
  const b = t.object({ kind: t.literal("b") });
  assert.ok("anyOf" in json(t.union([a, b])));
  assert.ok("anyOf" in json(t.union([t.string(), t.any()])));
});

unions("an empty union is refused", () => {
  assert.throws(() => t.union([]), /non-empty array/);
});

const immutability = suite("t: descriptors are immutable, tagged, JSON-clean");

immutability("descriptors and their parts are frozen", () => {
  const d = t.object({ a: t.array(t.string()) }) as unknown as Record<string, unknown>;
  assert.ok(Object.isFrozen(d));
  assert.ok(Object.isFrozen(d.properties));
  assert.ok(Object.isFrozen(d.required));
  assert.throws(() => {
    d.type = "string";
  });
});

immutability("builders return new descriptors; modifiers never change their input", () => {
  const s = t.string();
  const o = t.optional(s);
  assert.is.not(o, s);
  assert.equal(JSON.stringify(s), '{"type":"string"}');
  assert.equal(JSON.stringify(t.nullable(s)), '{"type":["string","null"]}');
  assert.equal(JSON.stringify(s), '{"type":"string"}');
});

immutability("isDescriptor and Kind tell descriptors from plain schemas", () => {
  assert.ok(isDescriptor(t.integer()));
  assert.not.ok(isDescriptor({ type: "integer" }));
  assert.is((t.datetime() as never)[Kind], "datetime");
  assert.is((t.optional(t.set()) as never)[Kind], "set");
});

immutability("JSON.stringify of a descriptor is its schema, with no symbols and no ~standard", () => {
  const d = t.object({ when: t.datetime(), tags: t.set(t.string()) });
  assert.equal(JSON.parse(JSON.stringify(d)), json(d));
  assert.not.ok(Object.keys(d).includes("~standard"));
});

primitives.run();
literals.run();
collections.run();
objects.run();
unions.run();
immutability.run();
