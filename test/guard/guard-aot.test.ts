// Guards compiled ahead of time (guardSource: what `tooltype compile` and the build plugin write): the module imports
// only the helpers its code calls, its predicate and its error report are generated, and both agree with the
// interpreter, value for value and issue for issue. The code is run here with `new Function`, as its module would
// run it; where eval is forbidden there is nothing to run it with (test/build.e2e.mjs runs the written module).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import * as aotModule from "tooltype/aot";
import { allowsEval, compile, t, type Guard } from "tooltype";
import { guardModule, guardSource } from "../../src/build/guard-code.js";
import { build, spec, valueFor } from "../support/arbitraries.js";

/** The guard the written module makes, its imports taken from `tooltype/aot`. */
function aotOf(schema: object): Guard<unknown> {
  const source = guardSource(schema, (name) => `A.${name}`);
  return new Function("A", "schema", `return ${source.call("schema")};`)(aotModule, source.schema) as Guard<unknown>;
}

/** Asserts the guard compiled ahead of time answers and lists issues as the interpreter does. */
function agrees(schema: object, values: readonly unknown[]): void {
  const aot = aotOf(schema);
  const interpreted = compile(schema, { eval: false });
  for (const value of values) {
    const where = `${JSON.stringify(value)} against ${JSON.stringify(schema)}`;
    assert.is(aot(value), interpreted(value), `verdict on ${where}`);
    assert.equal(aot.errors(value), interpreted.errors(value), `errors on ${where}`);
    assert.equal(aot.errors(value, { limit: 1 }), interpreted.errors(value, { limit: 1 }), `first error on ${where}`);
  }
}

// A tool's parameters: five properties, one `date` format (the size test's row measures this module).
const weather = {
  type: "object",
  properties: {
    location: { type: "string", minLength: 1 },
    unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    days: { type: "integer", minimum: 1, maximum: 14 },
    tags: { type: "array", items: { type: "string" } },
    start: { type: "string", format: "date" },
  },
  required: ["location"],
  additionalProperties: false,
};

const aot = suite("guards compiled ahead of time: generated predicate and errors, only the helpers they call");

aot("a tool's parameters: the module imports the one format check and the helpers its code calls, nothing else", () => {
  const source = guardSource(weather);
  assert.equal(source.imports, [
    "codePoints",
    "generatedGuard",
    "isDate",
    "longEnough",
    "pointerSegment",
    "preview",
    "typeName",
  ]);
  const text = guardModule(weather);
  assert.ok(
    text.includes(
      'import { codePoints, generatedGuard, isDate, longEnough, pointerSegment, preview, typeName } from "tooltype/aot";',
    ),
    text.slice(0, 300),
  );
  assert.not.match(text, /\bnew Function\b|\beval\(|aotHelpers/);
});

aot(
  "a union, a $ref or another keyword whose issues the interpreter words: the module makes an aotGuard, which lists them",
  () => {
    const union = { anyOf: [{ type: "string" }, { type: "integer", minimum: 0 }] };
    assert.ok(guardSource(union).imports.includes("aotGuard"));
    assert.not.ok(guardSource(union).imports.includes("generatedGuard"));
    assert.ok(guardSource({ type: "array", items: { $ref: "#" } }).imports.includes("aotGuard"));
  },
);

if (!allowsEval()) {
  aot.skip("this runtime forbids eval, which running the written code here needs");
} else {
  aot("the tool's parameters: the interpreter's verdicts and issues, limits included", () => {
    const guard = aotOf(weather);
    assert.is(guard.mode, "aot");
    agrees(weather, [
      { location: "Paris" },
      { location: "Paris", unit: "celsius", days: 3, tags: ["a"], start: "2026-02-28" },
      {},
      { location: "" },
      { location: 1, unit: "kelvin", days: 0.5, tags: "a", start: "2026-02-30", extra: true },
      { location: "x", days: 15, tags: [1, "b", null] },
      { location: "x", "a/b~c": 1 },
      [],
      null,
      "text",
    ]);
    assert.equal(guard.errors({ location: "" }), [
      {
        code: "min_length",
        path: "/location",
        message: "Expected at least 1 characters, received 0",
        expected: "1",
        received: "0",
      },
    ]);
  });

  aot("$ref, unions and $dynamicRef: generated predicate, the interpreter's issues", () => {
    agrees(
      compile(
        t.recursive<{ name: string; kids: unknown[] }>("Tree", (self) =>
          t.object({ name: t.string(), kids: t.array(self) }),
        ),
      ).schema,
      [{ name: "a", kids: [{ name: "b", kids: [] }] }, { name: "a", kids: [{ name: 1, kids: [] }] }, { kids: [] }],
    );
    const list = {
      $id: "https://example.com/list",
      type: "array",
      items: { $dynamicRef: "#item" },
      $defs: { item: { $dynamicAnchor: "item" } },
    };
    const strings = {
      $id: "https://example.com/strings",
      $ref: "list",
      $defs: { item: { $dynamicAnchor: "item", type: "string" }, list },
    };
    agrees(strings, [["a"], ["a", 1], [], {}]);
  });

  aot("generated descriptors and values (fitted, then mutated): the interpreter's verdicts and issues", () => {
    const withValues = spec.chain((sp) =>
      fc.tuple(fc.constant(sp), fc.array(valueFor(sp), { minLength: 1, maxLength: 8 })),
    );
    let compared = 0;
    fc.assert(
      fc.property(withValues, ([sp, values]) => {
        const schema = compile(build(sp)).schema;
        agrees(schema, values);
        compared += values.length;
      }),
      { numRuns: 200, seed: 20261126 },
    );
    assert.ok(compared >= 200, `${compared} values compared`);
  });
}

aot.run();
