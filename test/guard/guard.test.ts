// compile: every keyword on both guard paths, errors with codes and JSON Pointers, refusals, hostile values.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, compile, SchemaError, ValidationError, allowsEval } from "tooltype";
import { check, codes, guards, MODES } from "../support/guards.js";
import { readSchema } from "../../src/guard/ir.js";
import { mayRevisit } from "../../src/guard/revisit.js";
import { preview } from "../../src/util/text.js";
import { Type } from "@sinclair/typebox";

const types = suite("compile: types");

types("each JSON type; integer inside number; non-JSON numbers refused", () => {
  check({ type: "string" }, ["", "x"], [1, null, [], {}, true, undefined]);
  check({ type: "integer" }, [0, -3, 1e10, 2.0], [1.5, "1", NaN, Infinity, null]);
  check({ type: "number" }, [0, 1.5, -2], [NaN, Infinity, -Infinity, "1", null]);
  check({ type: "boolean" }, [true, false], [0, "true", null]);
  check({ type: "null" }, [null], [undefined, 0, ""]);
  check({ type: "array" }, [[], [1]], [{}, "[]", null]);
  check({ type: "object" }, [{}, { a: 1 }], [[], null, "x", 1]);
  check({ type: ["string", "null"] }, ["a", null], [1, {}]);
  check({ type: ["integer", "boolean"] }, [1, true], [1.5, "x"]);
  check({}, [1, "x", null, [], {}], []);
  check(true as never, [1], []);
});

types("false schema and not", () => {
  check({ not: {} }, [], [1, null, "x"]);
  check({ not: { type: "string" } }, [1, null], ["x"]);
  check({ type: "object", properties: { a: false } }, [{}, { b: 1 }], [{ a: 1 }]);
});

const strings = suite("compile: strings");

strings("lengths count code points, not UTF-16 units", () => {
  check({ type: "string", minLength: 2, maxLength: 3 }, ["ab", "abc", "😀😀", "a😀b"], ["a", "😀", "abcd", "😀😀😀😀"]);
  check({ type: "string", maxLength: 1 }, ["😀", "a"], ["ab", "😀😀"]);
});

strings("pattern is an unanchored ECMAScript regex with the u flag", () => {
  check({ type: "string", pattern: "^[a-z]+$" }, ["abc"], ["ABC", "", "ab1"]);
  check({ type: "string", pattern: "b" }, ["abc"], ["ac"]);
  check({ type: "string", pattern: "^\\p{L}+$" }, ["héllo", "日本"], ["a1"]);
});

strings("formats date-time, date and time follow RFC 3339", () => {
  check(
    { type: "string", format: "date-time" },
    [
      "2026-11-22T10:00:00Z",
      "2026-11-22t10:00:00z",
      "2026-11-22 10:00:00+01:00",
      "2024-02-29T00:00:00.123-05:30",
      "2016-12-31T23:59:60Z",
      "2017-01-01T00:59:60+01:00",
    ],
    [
      "2026-11-22",
      "2026-11-22T10:00:00",
      "2026-13-01T00:00:00Z",
      "2023-02-29T00:00:00Z",
      "2026-11-22T24:00:00Z",
      "2026-11-22T10:60:00Z",
      "2026-11-22T12:59:60Z",
      "2026-11-22T10:00:00+24:00",
      "x",
    ],
  );
  check(
    { type: "string", format: "date" },
    ["2026-11-22", "2000-02-29"],
    ["2026-11-31", "1900-02-29", "26-11-22", "2026-1-2", "2026-11-22T00:00:00Z"],
  );
  check(
    { type: "string", format: "time" },
    ["10:00:00Z", "23:59:59.999+14:00", "08:30:00-03:00"],
    ["10:00:00", "25:00:00Z", "10:00Z"],
  );
});

strings("an offset is Z or ±hh:mm, as RFC 3339 writes it (Date cannot read +05 or +0530); leap seconds stay", () => {
  check(
    { type: "string", format: "date-time" },
    ["2026-11-22T10:00:00+05:30", "2017-01-01T05:29:60+05:30", "2016-12-31T23:59:60.5z"],
    [
      "2026-11-22T10:00:00+05",
      "2026-11-22T10:00:00+0530",
      "2026-11-22T10:00:00-0800",
      "2017-01-01T05:29:60+0530",
      "2026-11-22T10:00:00+5:30",
      "2026-11-22T10:00:00+05:3",
    ],
  );
  check(
    { type: "string", format: "time" },
    ["08:30:00-03:00", "23:59:60Z"],
    ["08:30:00-0300", "08:30:00-03", "08:30:00+05:30:00"],
  );
  for (const text of ["2026-11-22T10:00:00Z", "2026-11-22T10:00:00+05:30", "2026-11-22 10:00:00-08:00"])
    assert.ok(!Number.isNaN(new Date(text.replace(" ", "T")).getTime()), text);
});

strings("other formats: email, uuid, ipv4, ipv6, hostname, uri, duration, regex", () => {
  check({ format: "email" }, ["a@b.co", "x.y+z@example.com", 5], ["a@", "@b", "a b@c.d"]);
  check({ format: "uuid" }, ["123e4567-e89b-12d3-a456-426614174000"], ["123e4567e89b12d3a456426614174000", "x"]);
  check({ format: "ipv4" }, ["127.0.0.1", "255.255.255.255"], ["256.0.0.1", "1.2.3", "01.2.3.4"]);
  check({ format: "ipv6" }, ["::1", "2001:db8::8a2e:370:7334"], ["1:2:3", "12345::", "x::"]);
  check({ format: "hostname" }, ["example.com", "a-b.c"], ["-a.com", "a..b", "a_b.com"]);
  check({ format: "uri" }, ["https://example.com/x?y#z", "mailto:a@b.c"], ["/relative", "no scheme", "http://a b"]);
  check({ format: "duration" }, ["P1D", "PT1H30M", "P2W"], ["P", "1D", "PT"]);
  check({ format: "regex" }, ["^a+$"], ["("]);
});

strings("contentEncoding base64 accepts canonical padded base64 only", () => {
  check(
    { type: "string", contentEncoding: "base64" },
    ["", "aGk=", "aGVsbG8=", "AAAA", "+/+/"],
    ["aGk", "aGk==", "a", "!!!!", "aGl=", "aG k="],
  );
});

const numbers = suite("compile: numbers");

numbers("bounds, inclusive and exclusive", () => {
  check({ type: "number", minimum: 1, maximum: 3 }, [1, 2.5, 3], [0.999, 3.001]);
  check({ type: "number", exclusiveMinimum: 1, exclusiveMaximum: 3 }, [1.001, 2.999], [1, 3]);
  check({ minimum: 5 }, ["below but not a number", 5], [4]);
});

numbers("multipleOf, tolerant of binary rounding", () => {
  check({ type: "number", multipleOf: 0.01 }, [19.99, 0.3, 100, 0], [19.995, 0.001]);
  check({ type: "number", multipleOf: 0.1 }, [0.3, 0.7, 1.1], [0.35]);
  check({ type: "integer", multipleOf: 3 }, [0, 9, -6], [4]);
});

numbers("multipleOf is exact for safe integers, and no tolerance reaches half a unit", () => {
  check(
    { type: "integer", multipleOf: 2 },
    [3000000000000000, 9007199254740990, -9007199254740990],
    [3000000000000001, 9007199254740991, -3000000000000001],
  );
  check({ type: "integer", multipleOf: 3 }, [4000000000000002], [4000000000000001]);
  check({ multipleOf: 10 }, [9007199254740990], [9007199254740991]);
  // Near 2^50 a double holds quarters, near 2^51 halves: such a gap is refused, not swallowed by the tolerance.
  check({ type: "number", multipleOf: 1 }, [2 ** 51], [2 ** 51 + 0.5, 2 ** 50 + 0.25]);
  check({ type: "number", multipleOf: 0.5 }, [2 ** 51 + 0.5], [2 ** 50 + 0.25]);
  check({ type: "number", multipleOf: 0.01 }, [19.99, 1234567.89], [19.995]);
});

const arrays = suite("compile: arrays");

arrays("items, minItems, maxItems", () => {
  check(
    { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 2 },
    [[1], [1, 2]],
    [[], [1, 2, 3], [1.5], ["1"]],
  );
});

arrays("tuples: prefixItems with fixed length, rest items, draft-07 items arrays", () => {
  const tuple = { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], minItems: 2, maxItems: 2 };
  check(tuple, [["a", 1]], [["a"], ["a", 1, 2], [1, "a"]]);
  check(
    { type: "array", prefixItems: [{ type: "string" }], items: { type: "integer" } },
    [[], ["a"], ["a", 1, 2]],
    [[1], ["a", "b"]],
  );
  check(
    { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
    [["a", 1], ["a"]],
    [["a", 1, 2]],
  );
});

arrays("uniqueItems compares deeply, key order ignored", () => {
  check(
    { type: "array", uniqueItems: true },
    [
      [1, 2],
      [{ a: 1 }, { a: 2 }],
      [[1], [2]],
      ["1", 1],
      [
        { a: 1, b: 2 },
        { a: 1, b: 3 },
      ],
    ],
    [
      [1, 1],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [
        [1, [2]],
        [1, [2]],
      ],
      [null, null],
      ["x", "x"],
    ],
  );
  // Not JSON, so never from a model, but a guard answers for any value rather than throwing.
  for (const guard of guards({ type: "array", uniqueItems: true })) {
    assert.ok(guard([{ a: 1n }, { a: 2n }]));
    assert.ok(guard([{ a: 1n }, { a: "1n" }]));
    assert.not.ok(guard([{ a: 1n }, { a: 1n }]));
    assert.equal(
      guard.errors([{ a: 1n }, { a: 1n }]).map((e) => e.code),
      ["unique_items"],
    );
  }
});

arrays("contains with minContains / maxContains", () => {
  check({ type: "array", contains: { type: "string" } }, [["a"], [1, "a"]], [[], [1, 2]]);
  check(
    { type: "array", contains: { type: "string" }, minContains: 2, maxContains: 3 },
    [
      ["a", "b"],
      ["a", 1, "b", "c"],
    ],
    [["a"], ["a", "b", "c", "d"]],
  );
});

const objects = suite("compile: objects");

objects("properties in any order, among extra keys, undefined as absent, inherited keys not counted", () => {
  const schema = t.object({
    a: t.string(),
    b: t.optional(t.integer({ minimum: 0 })),
    c: t.object({ d: t.boolean() }),
    e: t.enum(["x", "y"]),
  });
  const inherited = Object.assign(Object.create({ a: "from the prototype", e: "x" }), { c: { d: true } });
  check(
    schema,
    [
      { e: "x", c: { d: false }, a: "s" },
      { z: 1, b: 2, a: "s", y: [], c: { d: true, q: 0 }, e: "y" },
      { 1: 0, a: "s", c: { d: true }, e: "x", b: undefined },
    ],
    [
      { e: "x", c: { d: false } },
      { c: { d: true }, a: "s", e: "z" },
      { b: -1, a: "s", c: { d: true }, e: "x" },
      { a: "s", c: { d: 1 }, e: "x" },
      { a: undefined, c: { d: true }, e: "x" },
    ],
  );
  // Generated code reads properties by name and the interpreter walks the value's keys: both see
  // enumerable inherited properties, as `value.a` does.
  for (const guard of guards(schema))
    assert.ok(guard(inherited), `${guard.mode}: enumerable inherited properties are read`);
  // Values that are not plain objects: properties are read by name on every path, and errors agree.
  class Point {
    get x() {
      return 1;
    }
  }
  class Row {
    a = 1;
    get b() {
      return "not an integer";
    }
  }
  const byName = [
    [t.object({ message: t.string() }), new Error("boom"), true],
    [t.object({ a: t.number() }), new Row(), true],
    [t.object({ a: t.number(), b: t.optional(t.integer()) }), new Row(), false],
    [t.object({ a: t.string(), b: t.optional(t.integer()) }), new Row(), false],
    [t.object({ x: t.number() }), new Point(), true],
    [t.object({ x: t.optional(t.string()) }), new Point(), false],
    [
      t.object({ a: t.number() }),
      {
        a: 1,
        get secret(): never {
          throw new Error("an undeclared getter must not run");
        },
      },
      true,
    ],
  ] as const;
  for (const [schema, value, valid] of byName) {
    for (const guard of guards(schema)) {
      assert.is(guard(value), valid, `${guard.mode}: ${JSON.stringify(schema)}`);
      assert.is(guard.errors(value).length === 0, valid, `${guard.mode}: errors agree with the verdict`);
    }
  }
  // Many extra keys: the walk stops early and reads by name, with the same answers.
  const wide: Record<string, unknown> = {};
  for (let i = 0; i < 5000; i++) wide[`k${i}`] = i;
  const union = t.union([t.object({ a: t.string() }), t.object({ b: t.integer() })]);
  for (const guard of guards(union)) {
    assert.ok(guard({ ...wide, b: 1 }));
    assert.not.ok(guard({ ...wide, b: "1" }));
    assert.not.ok(guard(wide));
  }
  for (const guard of guards(t.object({ constructor: t.string(), toString: t.optional(t.string()) }))) {
    assert.not.ok(
      guard(Object.create({ constructor: "inherited" })),
      `${guard.mode}: an inherited constructor is not an own property`,
    );
    assert.ok(guard(JSON.parse('{"toString":"x","constructor":"own"}')));
  }
});

objects("required, properties, additionalProperties false / schema", () => {
  const schema = {
    type: "object",
    properties: { a: { type: "string" }, b: { type: "integer" } },
    required: ["a"],
    additionalProperties: false,
  };
  check(schema, [{ a: "x" }, { a: "x", b: 1 }], [{}, { b: 1 }, { a: 1 }, { a: "x", c: 1 }, { a: "x", b: "1" }]);
  check({ type: "object", additionalProperties: { type: "number" } }, [{}, { x: 1, y: 2.5 }], [{ x: "1" }]);
});

objects("required names without a properties entry; patternProperties; propertyNames", () => {
  check({ type: "object", required: ["x"] }, [{ x: null }], [{}]);
  check(
    { type: "object", patternProperties: { "^n_": { type: "number" } }, additionalProperties: false },
    [{ n_a: 1 }, {}],
    [{ n_a: "1" }, { other: 1 }],
  );
  check({ type: "object", propertyNames: { maxLength: 3 } }, [{ abc: 1 }], [{ abcd: 1 }]);
  check({ type: "object", minProperties: 1, maxProperties: 2 }, [{ a: 1 }, { a: 1, b: 2 }], [{}, { a: 1, b: 2, c: 3 }]);
});

objects("keys that Object.prototype has are own-property checks", () => {
  const schema = {
    type: "object",
    properties: { constructor: { type: "string" }, toString: { type: "integer" } },
    required: ["constructor"],
  };
  check(
    schema,
    [{ constructor: "x" }, JSON.parse('{"constructor":"x","toString":3}')],
    [{}, { toString: 3 }, { constructor: 1 }],
  );
  check({ type: "object", required: ["__proto__"] }, [JSON.parse('{"__proto__":1}')], [{}]);
  check(
    { type: "object", properties: { __proto__: { type: "string" } } as never, additionalProperties: false } as object,
    [{}],
    [JSON.parse('{"x":1}')],
  );
});

const combinators = suite("compile: enum, const, allOf, anyOf, oneOf");

combinators("enum and const compare deeply", () => {
  check({ enum: ["a", 1, null, { x: [1] }] }, ["a", 1, null, { x: [1] }], ["b", 2, { x: [2] }, {}]);
  check({ const: { a: 1, b: 2 } }, [{ b: 2, a: 1 }], [{ a: 1 }]);
  check({ type: "string", enum: ["a", "b"] }, ["a"], ["c", 1]);
});

combinators("const with enum: the values both allow, compared deeply; none left allows nothing", () => {
  check(
    { const: { a: 1, b: 2 }, enum: [{ b: 2, a: 1 }, { a: 2 }] },
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    [{ a: 2 }, { a: 1 }],
  );
  check(
    { enum: [[{ x: 1, y: [1, { p: 1, q: 2 }] }]], const: [{ y: [1, { q: 2, p: 1 }], x: 1 }] },
    [[{ x: 1, y: [1, { p: 1, q: 2 }] }]],
    [[]],
  );
  for (const schema of [{ const: 1, enum: [2] }, { const: { a: 1 }, enum: [{ a: 2 }] }, { enum: [] }]) {
    check(schema, [], [1, 2, { a: 1 }, null]);
    assert.equal(codes(schema, 1), [["never", ""]]);
  }
  for (const guard of guards({ const: { a: 1 }, enum: [{ a: 1, b: 1 }] })) {
    const [e] = guard.errors({ a: 1 });
    assert.not.match(e!.message, /undefined/);
  }
});

combinators("oneOf means exactly one; anyOf at least one; allOf all", () => {
  check({ oneOf: [{ type: "integer" }, { minimum: 2 }] }, [1, 2.5], [3, 1.5]);
  check({ anyOf: [{ type: "integer" }, { minimum: 2 }] }, [1, 3, 2.5], [1.5]);
  check({ allOf: [{ type: "integer" }, { minimum: 2 }] }, [2, 3], [1, 2.5]);
});

const refs = suite("compile: $ref");

refs("local $defs, definitions, the root, and $id names (TypeBox Type.Ref)", () => {
  check(
    { $defs: { S: { type: "string" } }, type: "object", properties: { a: { $ref: "#/$defs/S" } } },
    [{ a: "x" }],
    [{ a: 1 }],
  );
  check({ definitions: { S: { type: "string" } }, $ref: "#/definitions/S" }, ["x"], [1]);
  check({ type: "array", items: { anyOf: [{ type: "integer" }, { $ref: "#" }] } }, [[1, [2, [3]]]], [[1, ["x"]]]);
  check({ $defs: { A: { $id: "Named", type: "integer" } }, $ref: "Named" }, [1], ["1"]);
  check({ $defs: { "a/b~c": { type: "null" } }, $ref: "#/$defs/a~1b~0c" }, [null], [0]);
});

refs("recursion through a descriptor, and hostile depth refused cleanly", () => {
  const Tree = t.recursive<{ v: number; kids: unknown[] }>("Tree", (self) =>
    t.object({ v: t.number(), kids: t.array(self) }),
  );
  let deep: unknown = { v: 0, kids: [] };
  for (let i = 0; i < 100_000; i++) deep = { v: i, kids: [deep] };
  for (const guard of guards(Tree)) {
    assert.ok(guard({ v: 1, kids: [{ v: 2, kids: [] }] }));
    assert.not.ok(guard({ v: 1, kids: [{ v: "2", kids: [] }] }));
    assert.not.ok(guard(deep));
    const errors = guard.errors(deep);
    assert.is(errors.length, 1);
    assert.is(errors[0]!.code, "too_deep");
  }
});

refs("every path stops at the same depth through $ref: the guard, its errors, eval and interpreter", () => {
  const nest = (levels: number, wrap: (inner: unknown) => unknown, leaf: unknown) => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = wrap(value);
    return value;
  };
  const cases: [object, (inner: unknown) => unknown, unknown][] = [
    [{ type: "array", items: { $ref: "#" } }, (x) => [x], []],
    [{ type: "object", properties: { a: { $ref: "#" } } }, (x) => ({ a: x }), {}],
    [{ type: "object", additionalProperties: { $ref: "#" } }, (x) => ({ x }), {}],
    [{ allOf: [{ type: "array" }, { type: "array", items: { $ref: "#" } }] }, (x) => [x], []],
    [
      { $ref: "#/$defs/A", $defs: { A: { type: "array", items: { $ref: "#/$defs/C" } }, C: { $ref: "#/$defs/A" } } },
      (x) => [x],
      [],
    ],
    [
      {
        $defs: {
          N: { type: "object", properties: { v: { type: "number" }, kid: { $ref: "#/$defs/N" } }, required: ["v"] },
        },
        $ref: "#/$defs/N",
      },
      (x) => ({ v: 1, kid: x }),
      { v: 1 },
    ],
  ];
  for (const [schema, wrap, leaf] of cases) {
    // The first nesting each path refuses, and the first at which each path's errors are not empty.
    const limits = guards(schema).flatMap((g) => {
      let refused = 0;
      let reported = 0;
      for (let n = 100; n <= 300 && !(refused && reported); n++) {
        const value = nest(n, wrap, leaf);
        if (!refused && !g(value)) refused = n;
        if (!reported && g.errors(value).length) reported = n;
      }
      return [refused, reported];
    });
    assert.ok(limits[0]! > 120, `${JSON.stringify(schema)}: refused from ${limits[0]}`); // 256 $refs; a level may take two
    for (const n of limits) assert.is(n, limits[0], `${JSON.stringify(schema)}: limits ${limits.join(", ")}`);
  }
});

refs("a schema object that contains itself is refused: recursion is written with $ref", () => {
  const self: Record<string, unknown> = { type: "object", properties: { v: { type: "number" } } };
  (self.properties as Record<string, unknown>).kid = self;
  const a: Record<string, unknown> = { type: "object", properties: {} };
  const b: Record<string, unknown> = { type: "array", items: a };
  (a.properties as Record<string, unknown>).list = b;
  const branch: Record<string, unknown> = { type: "array", maxItems: 2 };
  const union = { anyOf: [{ type: "null" }, branch] };
  branch.items = { anyOf: union.anyOf };
  for (const schema of [self, a, b, { allOf: [a] }, union]) {
    for (const mode of MODES)
      assert.throws(
        () => compile(schema, { eval: mode === "eval" }),
        /contains itself; write the recursion with \$ref/,
      );
  }
  // Shared, not contained: one object used twice is fine.
  const point = { type: "object", properties: { x: { type: "number" } }, required: ["x"] };
  for (const guard of guards({ type: "object", properties: { from: point, to: point } }))
    assert.ok(guard({ from: { x: 1 }, to: { x: 2 } }));
});

refs(
  "a value that can be checked twice through $ref at every level costs linear time: each target's verdict is kept for the call",
  () => {
    // Each schema can check one value twice at every level (union branches, allOf members, a property and a
    // pattern, a branch that enters the value and then fails); unremembered, 20 levels are 2^20 checks.
    const twice = (extra: object) => ({ type: "object", properties: { a: { $ref: "#" } }, ...extra });
    const schemas = [
      { type: "object", properties: { a: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } } },
      { type: "object", properties: { a: { allOf: [{ $ref: "#" }, { $ref: "#" }] } } },
      twice({ patternProperties: { "^a$": { $ref: "#" } } }),
      { anyOf: [twice({ minProperties: 2 }), twice({})] },
      { oneOf: [twice({ minProperties: 2 }), twice({})] },
      // A branch enters the value before what narrows its type (anyOf, $ref, not) refuses it.
      { anyOf: [{ properties: { a: { $ref: "#" } }, anyOf: [{ type: "string" }] }, twice({})] },
      { $defs: { S: { type: "string" } }, anyOf: [{ $ref: "#/$defs/S", properties: { a: { $ref: "#" } } }, twice({})] },
      twice({ not: { properties: { a: { $ref: "#" } }, anyOf: [{ type: "string" }] } }),
    ];
    let reads = 0;
    const nest = (levels: number, leaf: unknown) => {
      let value = leaf;
      for (let i = 0; i < levels; i++) {
        const inner = value;
        value = {
          get a() {
            reads++;
            return inner;
          },
        };
      }
      return value;
    };
    const levels = 20;
    for (const schema of schemas) {
      for (const guard of guards(schema)) {
        const name = `${JSON.stringify(schema)} (${guard.mode})`;
        const shallow = guard.errors(nest(1, { a: 1 })).length;
        for (const [leaf, valid] of [
          [{}, true],
          [{ a: 1 }, false],
        ] as const) {
          const value = nest(levels, leaf);
          reads = 0;
          assert.is(guard(value), valid, name);
          assert.ok(reads <= 4 * levels, `${name}: the guard read ${reads} times`);
          reads = 0;
          const errors = guard.errors(value);
          assert.ok(reads <= 8 * levels, `${name}: errors read ${reads} times`);
          // Each issue is listed once, however many times its value was checked.
          assert.is(errors.length, valid ? 0 : shallow, name);
        }
      }
    }
    assert.ok(mayRevisit(readSchema(schemas[0]!)));
    // Recursion that meets each value once keeps nothing (and costs nothing more).
    assert.not.ok(
      mayRevisit(readSchema({ type: "object", properties: { left: { $ref: "#" }, right: { $ref: "#" } } })),
    );
    assert.not.ok(
      mayRevisit(
        readSchema({
          anyOf: [
            { type: "string" },
            { type: "array", items: { $ref: "#" } },
            { type: "object", additionalProperties: { $ref: "#" } },
          ],
        }),
      ),
    );
  },
);

refs("a $ref that comes back to the same value without entering an item or property is refused", () => {
  const loops = [
    { $ref: "#" },
    { anyOf: [{ type: "string" }, { $ref: "#" }] },
    {
      $defs: { A: { allOf: [{ $ref: "#/$defs/B" }] }, B: { not: { $ref: "#/$defs/A" } } },
      type: "object",
      properties: { x: { $ref: "#/$defs/A" } },
    },
  ];
  for (const schema of loops) {
    for (const mode of MODES)
      assert.throws(
        () => compile(schema, { eval: mode === "eval" }),
        /"\$ref" "#.*" at #.* comes back to the same value without entering an item or a property/,
      );
  }
  // Entering an item or a property first is recursion.
  for (const guard of guards({ anyOf: [{ type: "string" }, { type: "array", items: { $ref: "#" } }] }))
    assert.ok(guard(["a", ["b"]]));
});

refs("a value whose check goes past the depth limit is refused as a whole, and errors() says so", () => {
  const nested = (levels: number) => {
    let deep: unknown = [];
    for (let i = 0; i < levels; i++) deep = [deep];
    return deep;
  };
  for (const guard of guards({ anyOf: [{ type: "array", items: { $ref: "#" } }, { type: "array" }] })) {
    // The recursive branch goes 256 levels down: the whole value is refused, though the other branch would take it.
    assert.not.ok(guard(nested(300)), guard.mode);
    assert.equal(
      guard.errors(nested(300)).map((e) => e.code),
      ["too_deep"],
      guard.mode,
    );
    assert.ok(guard(nested(100)), guard.mode);
  }
  // A branch that fails at once on one key, where another key is too deep: each path may meet either first,
  // but errors() always agrees with its own guard.
  const schema = {
    $defs: { L: { type: "array", items: { $ref: "#/$defs/L" } } },
    anyOf: [{ type: "object", properties: { a: { const: 1 }, b: { $ref: "#/$defs/L" } } }, { type: "object" }],
  };
  for (const guard of guards(schema)) {
    for (const value of [
      { b: nested(300), a: 2 },
      { a: 2, b: nested(300) },
    ]) {
      const errors = guard.errors(value);
      assert.is(errors.length === 0, guard(value), guard.mode);
      if (errors.length)
        assert.equal(
          errors.map((e) => e.code),
          ["too_deep"],
          guard.mode,
        );
    }
  }
});

refs("errors() checks a union's branches once per value, not once per level above it", () => {
  // Reporting re-checks the branch a union blames; unremembered, every level re-walks the whole value below it.
  let reads = 0;
  const width = 200,
    levels = 50;
  const bottom: Record<string, unknown> = {};
  for (let i = 0; i < width; i++)
    Object.defineProperty(bottom, `k${i}`, { enumerable: true, get: () => (reads++, i === width - 1 ? 1 : null) });
  let value: unknown = bottom;
  for (let i = 0; i < levels; i++) value = { next: value };
  for (const guard of guards({ anyOf: [{ type: "null" }, { type: "object", additionalProperties: { $ref: "#" } }] })) {
    reads = 0;
    const errors = guard.errors(value);
    assert.is(errors.length, 1, guard.mode);
    assert.ok(reads <= 4 * width, `${guard.mode}: errors read the bottom ${reads} times for ${width} keys`);
  }
});

refs("a getter that calls the same guard does not disturb the call it is read in", () => {
  const schema = {
    type: "object",
    properties: { g: { type: "number" }, x: { allOf: [{ $ref: "#/$defs/T" }, { $ref: "#/$defs/T" }] } },
    $defs: { T: { type: "object", required: ["n"] } },
  };
  for (const guard of guards(schema)) {
    const shared = {};
    const value = {
      get g() {
        guard.errors({ x: shared });
        guard({ x: shared });
        return 1;
      },
      x: shared,
    };
    assert.not.ok(guard(value), guard.mode);
    assert.equal(
      guard.errors(value).map((e) => e.path),
      ["/x/n"],
      guard.mode,
    );
  }
});

refs("a required property defined as not enumerable is read by name on both paths", () => {
  for (const guard of guards(t.object({ location: t.string() }))) {
    const value = Object.defineProperty({}, "location", { value: "Paris", enumerable: false });
    assert.ok(guard(value), guard.mode);
    assert.equal(guard.errors(value), [], guard.mode);
  }
});

refs("dangling and remote references are refused at compile time", () => {
  assert.throws(() => compile({ $ref: "#/$defs/Nope" }), /points to nothing/);
  assert.throws(
    () => compile({ $ref: "https://example.com/schema.json" }),
    /points to nothing in this schema \(https:\/\/example.com\/schema.json: never fetched; pass the document in \{ schemas \}/,
  );
  assert.throws(
    () => compile({ $id: "https://example.com/a.json", $ref: "b.json" }),
    /https:\/\/example.com\/b.json: never fetched/,
  );
});

const foreign = suite("compile: schemas other libraries and protocols write");

foreign("TypeBox 0.34: objects, optionals, literal unions, draft-07 tuples, records, recursion by $id", () => {
  const Node = Type.Recursive((This) => Type.Object({ id: Type.Integer(), children: Type.Array(This) }), {
    $id: "Node",
  });
  const schema = Type.Object({
    name: Type.String({ minLength: 1 }),
    mode: Type.Optional(Type.Union([Type.Literal("fast"), Type.Literal("slow")])),
    point: Type.Tuple([Type.Number(), Type.Number()]),
    scores: Type.Record(Type.String(), Type.Number()),
    tree: Node,
  });
  const good = { name: "x", point: [1, 2], scores: { a: 1 }, tree: { id: 1, children: [{ id: 2, children: [] }] } };
  check(
    schema,
    [good, { ...good, mode: "fast" }],
    [
      { ...good, name: "" },
      { ...good, mode: "medium" },
      { ...good, point: [1] },
      { ...good, point: [1, 2, 3] },
      { ...good, scores: { a: "1" } },
      { ...good, tree: { id: 1, children: [{ id: 1.5, children: [] }] } },
    ],
  );
});

foreign("an MCP inputSchema with $schema, descriptions and additionalProperties: false", () => {
  const inputSchema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      path: { type: "string", description: "File to read" },
      encoding: { type: "string", enum: ["utf-8", "base64"], default: "utf-8" },
    },
    required: ["path"],
    additionalProperties: false,
  };
  check(
    inputSchema,
    [{ path: "/a" }, { path: "/a", encoding: "base64" }],
    [{}, { path: "/a", mode: "x" }, { path: 1 }],
  );
});

const refusals = suite("compile: unsupported schemas are refused, never silently accepted");

refusals("unknown keywords name themselves and where they are", () => {
  assert.throws(
    () => compile({ type: "object", properties: { a: { iff: { type: "string" } } } }),
    (e: Error) => e instanceof SchemaError && /"iff" at #\/properties\/a/.test(e.message),
  );
  assert.throws(() => compile({ unevaluatedProperty: false }), /unsupported keyword "unevaluatedProperty"/);
  assert.throws(
    () => compile({ properties: { a: { $dynamicRef: "#x" } } }),
    /"\$dynamicRef" "#x" at #\/properties\/a points to nothing in this schema/,
  );
  assert.throws(
    () => compile({ $schema: "http://localhost:1234/my-meta.json" }),
    /"\$schema" "http:\/\/localhost:1234\/my-meta.json" at # is not supported: a custom meta-schema may switch vocabularies off; give it in \{ schemas \}, with \{ vocabularies \} to read it \(never fetched/,
  );
  // The known drafts as generators write them: http or https, with or without the empty fragment.
  for (const uri of [
    "https://json-schema.org/draft-07/schema#",
    "http://json-schema.org/draft-07/schema",
    "http://json-schema.org/draft/2020-12/schema#",
    "https://json-schema.org/draft/2019-09/schema",
    "https://json-schema.org/draft-04/schema#",
  ]) {
    check({ $schema: uri, type: "string" }, ["a"], [1]);
  }
  assert.throws(
    () => compile({ $schema: "https://json-schema.org/draft-08/schema" }),
    /is not supported: a custom meta-schema may switch vocabularies off/,
  );
});

refusals(
  "a pattern valid only without the u flag (escapes such as \\_ and \\@ that generators write) is checked, not refused",
  () => {
    check({ type: "string", pattern: "^[a-z0-9\\_]+$" }, ["snake_case_1"], ["kebab-case", "Upper"]);
    check(
      { type: "object", patternProperties: { "^\\@": { type: "integer" } } },
      [{ "@a": 1, b: "x" }],
      [{ "@a": "x" }],
    );
    check({ type: "string", pattern: "^\\p{Lu}" }, ["Émile"], ["émile"]); // with the u flag where it is valid: \p{...} is a property
    for (const guard of guards({ type: "string", pattern: "^[a-z\\_]+$" }))
      assert.equal(
        guard.errors("a-b").map((i) => i.code),
        ["pattern"],
        guard.mode,
      );
  },
);

refusals(
  "draft-04 and OpenAPI 3.0: a boolean exclusiveMinimum / exclusiveMaximum makes the bound beside it exclusive; id is an identifier",
  () => {
    const openapi = { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false };
    check(openapi, [0.5, 10], [0, -1, 10.5]);
    check(
      {
        $schema: "http://json-schema.org/draft-04/schema#",
        id: "http://example.com/age",
        type: "integer",
        exclusiveMaximum: true,
        maximum: 130,
      },
      [0, 129],
      [130],
    );
    for (const guard of guards(openapi))
      assert.equal(
        guard.errors(0).map((i) => [i.code, i.expected]),
        [["exclusive_minimum", "0"]],
        guard.mode,
      );
    assert.throws(() => compile({ id: 3 }), /"id" at # must be a string \(draft-04's identifier\)/);
  },
);

refusals("unknown types and bad keyword values; unknown formats and encodings are annotations", () => {
  check({ type: "string", format: "Path" }, ["", "anything"], [1]);
  check({ type: "integer", format: "int64" }, [1], [1.5]);
  check({ type: "string", contentEncoding: "base32" }, ["!!"], [1]);
  assert.throws(() => compile({ type: "string", format: 3 }), /"format" at # must be a string/);
  assert.throws(() => compile({ type: "Date" }), /unknown type "Date"/);
  assert.throws(() => compile({ minLength: -1 }), /non-negative integer/);
  assert.throws(
    () => compile({ exclusiveMinimum: "1" }),
    /"exclusiveMinimum" at # must be a finite number, received "1"/,
  );
  assert.throws(() => compile({ exclusiveMinimum: true }), /"exclusiveMinimum": true at # needs "minimum" beside it/);
  assert.throws(() => compile({ pattern: "(" }), /not a valid regular expression/);
  // Invalid with and without the u flag (a Python named group): refused, with the engine's own reason.
  assert.throws(
    () => compile({ pattern: "^(?P<name>a)$" }),
    /"pattern" "\^\(\?P<name>a\)\$" at # is not a valid regular expression: \S/,
  );
  assert.throws(() => compile({ anyOf: [] }), /non-empty array/);
  assert.throws(() => compile({ properties: { a: 3 } }), /must be an object or a boolean/);
});

refusals("enum and const hold JSON values only: no NaN, Infinity, undefined, BigInt, class instances or cycles", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  for (const bad of [
    NaN,
    Infinity,
    -Infinity,
    undefined,
    1n,
    new Date(0),
    () => 1,
    cyclic,
    [1, [Infinity]],
    { a: undefined },
  ]) {
    assert.throws(() => compile({ enum: ["ok", bad] }), /"enum" at # must be an array of JSON values/);
    assert.throws(() => compile({ const: bad }), /"const" at # must be a JSON value/);
  }
  assert.throws(() => compile({ enum: [NaN] }), /received \["NaN"\]/);
  for (const guard of guards({ enum: [null, 0, "a", [1, { b: true }], { c: [] }] })) assert.ok(guard({ c: [] }));
});

refusals("custom formats may be added; annotations and x- extensions are accepted", () => {
  for (const guard of guards(
    { type: "string", format: "Path" },
    { formats: { Path: (s: string) => s.startsWith("/") } },
  )) {
    assert.ok(guard("/tmp"));
    assert.not.ok(guard("tmp"));
  }
  for (const guard of guards({ type: "string", format: "slug" }, { formats: { slug: /^[a-z-]+$/ } }))
    assert.ok(guard("a-b"));
  for (const guard of guards({
    title: "T",
    description: "d",
    default: 1,
    examples: [1],
    $comment: "c",
    "x-vendor": 1,
    deprecated: false,
    readOnly: true,
  }))
    assert.ok(guard(1));
});

const errors = suite("guard.errors: every issue, with code, JSON Pointer path, expected, received");

errors("all errors are listed, not just the first", () => {
  const schema = t.object({
    location: t.string(),
    unit: t.enum(["celsius", "fahrenheit"]),
    days: t.integer({ minimum: 1 }),
  });
  assert.equal(codes(schema, { location: 1, unit: "kelvin", days: 0 }), [
    ["type", "/location"],
    ["enum", "/unit"],
    ["minimum", "/days"],
  ]);
  assert.equal(codes(schema, {}), [
    ["required", "/location"],
    ["required", "/unit"],
    ["required", "/days"],
  ]);
});

errors("a full list and a value past the depth limit: the first issues, never the limit's own signal", () => {
  const schema = {
    type: "object",
    properties: { a: { type: "string" }, n: { $ref: "#/$defs/N" } },
    $defs: { N: { type: "object", properties: { c: { $ref: "#/$defs/N" } } } },
  };
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 300; i++) deep = { c: deep };
  for (const guard of guards(schema)) {
    assert.equal(
      guard.errors({ a: 1, n: deep }, { limit: 1 }).map((i) => i.code),
      ["type"],
      guard.mode,
    );
    assert.equal(
      guard.errors({ a: 1, n: deep }, { limit: 2 }).map((i) => i.code),
      ["type", "too_deep"],
      guard.mode,
    );
  }
});

errors("a limit lists the first issues only, and stops the report there", () => {
  const schema = t.object({
    xs: t.array(t.string()),
    rec: t.array(t.recursive<unknown>("R", (self) => t.union([t.string(), t.array(self)]))),
  });
  const value = { xs: Array.from({ length: 500 }, (_, i) => i), rec: [[1, [2, [3]]], 4] };
  for (const guard of guards(schema)) {
    const all = guard.errors(value);
    assert.is(all.length, 504, guard.mode);
    for (const limit of [1, 3, 500, 501, 504, 10_000]) {
      const some = guard.errors(value, { limit });
      assert.equal(some, all.slice(0, limit), `${guard.mode} ${limit}`);
      assert.not.ok(Object.hasOwn(some, "push"), "a plain array comes back");
    }
    assert.equal(guard.errors("x", { limit: 1 }), guard.errors("x"));
    const none = guard.errors({ xs: [], rec: [] }, { limit: 1 });
    assert.equal(none, []);
    assert.not.ok(Object.hasOwn(none, "push"), "a valid value gets a plain empty array");
    for (const limit of [0, -1, NaN]) assert.throws(() => guard.errors(value, { limit }), /limit must be 1 or more/);
  }
});

errors("messages say what was expected and what came", () => {
  for (const guard of guards(t.object({ location: t.string(), unit: t.enum(["celsius", "fahrenheit"]) }))) {
    const [type, missing] = guard.errors({ location: 5 });
    assert.equal(type, {
      code: "type",
      path: "/location",
      message: "Expected string, received integer",
      expected: "string",
      received: "integer",
    });
    assert.equal(missing, {
      code: "required",
      path: "/unit",
      message: 'Missing required property (expected "celsius" | "fahrenheit")',
      expected: '"celsius" | "fahrenheit"',
    });
  }
});

errors("paths escape ~ and / and index arrays", () => {
  const schema = {
    type: "object",
    properties: { "a/b": { type: "array", items: { type: "object", properties: { "c~d": { type: "string" } } } } },
  };
  assert.equal(codes(schema, { "a/b": [{ "c~d": "ok" }, { "c~d": 1 }] }), [["type", "/a~1b/1/c~0d"]]);
});

errors("additional properties name the allowed ones", () => {
  for (const guard of guards(t.object({ a: t.string() }, { additionalProperties: false }))) {
    const [e] = guard.errors({ a: "x", b: 1 });
    assert.is(e!.code, "additional_property");
    assert.is(e!.path, "/b");
    assert.match(e!.message, /allowed properties are a/);
  }
});

errors("a union reports the branch that fits the value's type, else the choices", () => {
  const schema = t.union([t.object({ n: t.integer() }), t.string()]);
  assert.equal(codes(schema, { n: "x" }), [["type", "/n"]]);
  assert.equal(codes(schema, 5), [["union", ""]]);
  for (const guard of guards(schema))
    assert.match(guard.errors(5)[0]!.message, /Expected object \| string, received integer/);
  assert.equal(codes({ oneOf: [{ type: "integer" }, { minimum: 0 }] }, 3), [["one_of", ""]]);
});

errors("a union blames the branch its discriminating properties pick, else names what differs", () => {
  const either = t.union([
    t.object({ kind: t.literal("a"), x: t.number() }),
    t.object({ kind: t.literal("b"), y: t.string() }),
  ]);
  const schema = t.object({ u: either });
  check(
    schema,
    [{ u: { kind: "a", x: 1 } }, { u: { kind: "b", y: "s" } }],
    [{ u: { kind: "b", y: 5 } }, { u: { kind: "a" } }, { u: { kind: "c", y: "s" } }, { u: {} }],
  );
  assert.equal(codes(schema, { u: { kind: "b", y: 5 } }), [["type", "/u/y"]]);
  assert.equal(codes(schema, { u: { kind: "a", y: "s" } }), [["required", "/u/x"]]);
  assert.equal(codes(schema, { u: { kind: "c", y: "s" } }), [["union", "/u"]]);
  assert.equal(codes(schema, { u: {} }), [["union", "/u"]]);
  for (const guard of guards(schema)) {
    const [e] = guard.errors({ u: { kind: "c", y: "s" } });
    assert.not.match(e!.message, /received object$/);
    assert.match(e!.message, /kind: "a"/);
    assert.match(e!.message, /kind: "b"/);
    assert.match(e!.message, /"c"/);
  }
  // const, a one-value enum, several discriminators, and oneOf, as JSON Schema writes them.
  const tagged = {
    oneOf: [
      {
        type: "object",
        properties: { type: { const: "circle" }, v: { const: 1 }, r: { type: "number" } },
        required: ["type", "v", "r"],
      },
      {
        type: "object",
        properties: { type: { enum: ["circle"] }, v: { const: 2 }, d: { type: "number" } },
        required: ["type", "v", "d"],
      },
      {
        type: "object",
        properties: { type: { const: "square" }, side: { type: "number" } },
        required: ["type", "side"],
      },
    ],
  };
  assert.equal(codes(tagged, { type: "circle", v: 2, d: "x" }), [["type", "/d"]]);
  assert.equal(codes(tagged, { type: "square" }), [["required", "/side"]]);
  assert.equal(codes(tagged, { type: "circle", v: 3 }), [["union", ""]]);
  // No discriminating property: the shapes are named, never "object | object".
  for (const guard of guards(t.union([t.object({ a: t.string() }), t.object({ b: t.number() })]))) {
    const [e] = guard.errors({ c: 1 });
    assert.is(e!.code, "union");
    assert.not.match(e!.message, /object \| object/);
    assert.match(e!.message, /a: string/);
  }
  // Nor inside a shape: a property that is a union of objects is described once.
  const nested = t.union([
    t.object({
      tag: t.literal("a"),
      c: t.optional(t.union([t.object({ x: t.string() }), t.object({ y: t.number() })])),
    }),
    t.object({ tag: t.literal("b") }),
  ]);
  for (const guard of guards(nested))
    assert.is(
      guard.errors({ tag: "c" })[0]!.message,
      'Expected { tag: "a", c?: object } | { tag: "b" }, received {"tag":"c"}',
    );
});

errors("blaming a branch of a recursive discriminated union stays linear", () => {
  const tree = t.recursive("Tree", (self) =>
    t.union([
      t.object({ kind: t.literal("leaf"), n: t.number() }),
      t.object({ kind: t.literal("node"), children: t.array(self) }),
    ]),
  );
  let value: unknown = { kind: "leaf", n: "x" };
  const levels = 200;
  let reads = 0;
  for (let i = 0; i < levels; i++) {
    const inner = [value];
    value = {
      kind: "node",
      get children() {
        reads++;
        return inner;
      },
    };
  }
  for (const guard of guards(tree)) {
    reads = 0;
    assert.not.ok(guard(value));
    const errors = guard.errors(value);
    assert.ok(reads <= 8 * levels, `${guard.mode}: errors read ${reads} times`);
    assert.equal(
      errors.map((e) => e.code),
      ["type"],
    );
    assert.is(errors[0]!.path, "/children/0".repeat(levels) + "/n");
  }
});

errors("each constraint has its code", () => {
  assert.equal(codes({ type: "string", minLength: 3, pattern: "^x" }, "ab"), [
    ["min_length", ""],
    ["pattern", ""],
  ]);
  assert.equal(codes({ type: "string", maxLength: 1, format: "date" }, "ab"), [
    ["max_length", ""],
    ["format", ""],
  ]);
  assert.equal(codes({ type: "number", exclusiveMaximum: 1, multipleOf: 0.5 }, 1.3), [
    ["exclusive_maximum", ""],
    ["multiple_of", ""],
  ]);
  assert.equal(codes({ type: "array", minItems: 3, uniqueItems: true }, [1, 1]), [
    ["min_items", ""],
    ["unique_items", ""],
  ]);
  assert.equal(codes({ type: "object", maxProperties: 0 }, { a: 1 }), [["max_properties", ""]]);
  assert.equal(codes({ const: 1 }, 2), [["const", ""]]);
  assert.equal(codes({ not: { type: "null" } }, null), [["not", ""]]);
  assert.equal(codes(false as never, 1), [["never", ""]]);
  assert.equal(codes(t.bytes(), "%%"), [["content_encoding", ""]]);
});

errors("hostile strings are quoted and cut in messages", () => {
  const hostile = "\u0000\n</script>".repeat(500);
  for (const guard of guards(t.enum(["a"]))) {
    const [e] = guard.errors(hostile);
    assert.ok(e!.message.length < 200);
    assert.not.ok(e!.message.includes("\n"));
  }
});

errors("texts cut for messages end at a whole code point, never half a surrogate pair", () => {
  const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  for (let shift = 0; shift < 4; shift++) {
    const text = "a".repeat(shift) + "😀".repeat(60);
    for (const max of [10, 11, 40, 41])
      assert.not.match(preview(text, max), lone, `preview of ${shift} + emoji at ${max}`);
    assert.ok(preview(text).length <= 40);
    for (const guard of guards(
      t.object({ e: t.enum(["a"]), p: t.string({ pattern: "^a$" }) }, { additionalProperties: false }),
    )) {
      for (const e of guard.errors({ e: text, p: text, [text]: 1 }))
        assert.not.match(e.message, lone, `${guard.mode}: ${e.message}`);
    }
  }
});

errors("generated and interpreted reports are the same issues, hostile names and values included", () => {
  const hostile = 'q"\\\n\u2028</script>${x}';
  const schema = {
    type: "object",
    properties: {
      [hostile]: { enum: [hostile, "b"] },
      constructor: { type: "string", minLength: 2 },
      list: {
        type: "array",
        prefixItems: [{ type: "integer" }],
        items: { type: "string", pattern: "^\\w+$" },
        maxItems: 3,
        uniqueItems: true,
      },
      either: { anyOf: [{ type: "string" }, { type: "integer", minimum: 0 }] },
      sized: { type: ["number", "string"], minimum: 1, maxLength: 1, multipleOf: 0.5 },
    },
    required: [hostile, "constructor", "list", "gone"],
    additionalProperties: false,
  };
  const value = {
    [hostile]: `${hostile}!`,
    constructor: "x",
    list: [1.5, "a b", "a b", "c"],
    either: -1,
    sized: 0.7,
    [`${hostile}/~`]: 1,
  };
  const [first, ...rest] = guards(schema).map((g) => g.errors(value));
  for (const other of rest) assert.equal(other, first);
  assert.equal(
    first!.map((e) => e.code),
    [
      "enum",
      "min_length",
      "max_items",
      "type",
      "pattern",
      "pattern",
      "unique_items",
      "minimum",
      "minimum",
      "multiple_of",
      "required",
      "additional_property",
    ],
  );
  // A schema text that looks like the stand-in the generated messages are cut around.
  const standIn = {
    type: "object",
    properties: { p: { type: "string", pattern: "\u0000received\u0000" } },
    additionalProperties: false,
  };
  const [one, two] = guards(standIn).map((g) => g.errors({ p: "zz", "\u0000received\u0000": 1 }));
  if (two) assert.equal(one, two);
  assert.match(one![0]!.message, /\/\u0000received\u0000\/, received "zz"/);
  const escaped = hostile.replace("/", "~1");
  assert.is(first![0]!.path, `/${escaped}`);
  assert.is(first!.at(-1)!.path, `/${escaped}~1~0`);
});

errors("assert returns the value or throws a ValidationError with every issue", () => {
  for (const guard of guards(t.object({ a: t.string(), b: t.string() }))) {
    const value = { a: "x", b: "y" };
    assert.is(guard.assert(value), value);
    try {
      guard.assert({});
      assert.unreachable();
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.is((error as ValidationError).issues.length, 2);
      assert.match((error as Error).message, /\/a: Missing required property/);
    }
  }
});

const paths = suite("compile: guard paths");

paths("auto mode picks generated code where eval is allowed, and exposes it", () => {
  const guard = compile(t.string());
  assert.is(guard.mode, allowsEval() ? "eval" : "interpret");
  if (allowsEval()) assert.match(guard.code!, /typeof v === "string"/);
  else assert.is(guard.code, undefined);
  assert.is(compile(t.string(), { eval: false }).mode, "interpret");
});

// Only where eval is blocked; elsewhere reported skipped.
(allowsEval() ? paths.skip : paths)("eval: true where eval is blocked is a clear error", () => {
  assert.throws(() => compile(t.string(), { eval: true }), /eval/i);
});

paths("huge values are handled: a 200,000-item array, a 1 MB string", () => {
  const big = Array.from({ length: 200_000 }, (_, i) => i);
  const text = "x".repeat(1 << 20);
  for (const mode of MODES) {
    const guard = compile(t.object({ xs: t.array(t.integer()), s: t.string({ maxLength: 1 << 20 }) }), {
      eval: mode === "eval",
    });
    assert.ok(guard({ xs: big, s: text }));
    assert.not.ok(guard({ xs: [...big, "x"], s: text }));
    assert.equal(
      guard.errors({ xs: [...big, "x"], s: text + "y" }).map((e) => e.path),
      ["/xs/200000", "/s"],
    );
  }
});

paths("a schema used as a descriptor and as its JSON Schema behaves the same", () => {
  const d = t.object({ when: t.datetime(), tags: t.set(t.string()) });
  const value = { when: "2026-11-22T10:00:00Z", tags: ["a", "b"] };
  assert.ok(compile(d)(value));
  assert.ok(compile(JSON.parse(JSON.stringify(d)))(value));
  assert.not.ok(compile(d)({ ...value, tags: ["a", "a"] }));
});

types.run();
strings.run();
numbers.run();
arrays.run();
objects.run();
combinators.run();
refs.run();
foreign.run();
refusals.run();
errors.run();
paths.run();

const shortcuts = suite("compile: what the generated code leaves out still holds on every path");

shortcuts("tuple items below minItems, at it, and past it; draft-07 item lists", () => {
  const pair = { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] };
  check({ ...pair, minItems: 1 }, [["a"], ["a", 1], ["a", 1, true]], [[], [1], ["a", "b"]]);
  check({ ...pair, minItems: 2, maxItems: 2 }, [["a", 1]], [["a"], ["a", 1, 2], [1, 1]]);
  check({ ...pair, minItems: 0, maxItems: 0 }, [[]], [["a"]]);
  check({ type: "array", items: [{ type: "string" }], additionalItems: false }, [[], ["a"]], [["a", 1], [1]]);
});

shortcuts("a required property with no type test is still required", () => {
  const schema = {
    type: "object",
    properties: { a: {}, b: { $ref: "#/$defs/S" }, c: { type: "string" } },
    required: ["a", "b", "c"],
    $defs: { S: { type: "string" } },
  };
  check(
    schema,
    [{ a: null, b: "x", c: "" }],
    [
      { b: "x", c: "" },
      { a: 1, c: "" },
      { a: 1, b: 2, c: "" },
      { a: 1, b: "x" },
    ],
  );
});

shortcuts("an enum stands in for the type test only when every value has an allowed type", () => {
  check({ type: "string", enum: ["a", 1] }, ["a"], [1, "b"]);
  check({ type: "integer", enum: [1, 2.5] }, [1], [2.5, 2]);
  check({ type: "number", enum: [1, 2] }, [1, 2], ["1", 3, undefined]);
  check({ type: "string", enum: Array.from({ length: 20 }, (_, i) => `s${i}`) }, ["s0", "s19"], ["s20", 0, undefined]);
  check({ enum: [] }, [], [1, null, "a", undefined]);
});

shortcuts("property names that are not identifiers, or that every object inherits", () => {
  const schema = {
    type: "object",
    properties: { "a-b": { type: "string" }, constructor: { type: "number" }, "1x": { type: "boolean" } },
    required: ["a-b", "constructor", "z y"],
  };
  check(
    schema,
    [{ "a-b": "", constructor: 1, "z y": 0 }],
    [
      { constructor: 1, "z y": 0 },
      { "a-b": "", "z y": 0 },
      { "a-b": "", constructor: 1 },
      { "a-b": "", constructor: 1, "z y": 0, "1x": 1 },
    ],
  );
});

shortcuts("keywords of a type the schema does not allow change nothing", () => {
  check({ type: "integer", minLength: 3, items: { type: "string" }, required: ["a"] }, [1], ["abc", [], {}]);
  check({ type: ["integer", "string"], minimum: 2, minLength: 2 }, [2, "ab"], [1, "a"]);
});

shortcuts("refusals name the keyword and its JSON Pointer; inherited names are not types or formats", () => {
  assert.throws(() => compile({ patternProperties: 3 }), /"patternProperties" at # must be an object/);
  assert.throws(() => compile({ items: [{}, 3] }), /the schema at #\/items\/1 must be an object or a boolean/);
  assert.throws(
    () => compile({ properties: { a: { minItems: 1.5 } } }),
    /"minItems" at #\/properties\/a must be a non-negative integer, received 1.5/,
  );
  assert.throws(() => compile({ type: "constructor" }), /unknown type "constructor"/);
  check({ type: "string", format: "constructor" }, ["x"], []); // an annotation, not Object's own "constructor"
  check({ type: "string", format: "toString" }, ["x"], []);
  assert.ok(compile({ type: "string", minLength: undefined })("x"));
});

shortcuts("$ref pointers: escaped and percent-encoded segments, a trailing slash", () => {
  check({ $defs: { "a b": { type: "null" }, "c/d": { $ref: "#/$defs/a%20b" } }, $ref: "#/$defs/c~1d" }, [null], [0]);
  check({ $defs: { "": { type: "string" } }, properties: { x: { $ref: "#/$defs/" } } }, [{ x: "s" }, {}], [{ x: 1 }]);
  assert.throws(() => compile({ $ref: "#/$defs/missing/" }), /points to nothing/);
});

shortcuts.run();
