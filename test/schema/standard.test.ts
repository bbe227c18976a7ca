// Standard Schema v1 and Standard JSON Schema v1: guards (and standard(d)) validate through `~standard` with
// issues carrying key paths, and write their JSON Schema for the targets consumers ask for.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile, standard as standardOf, t, toJSONSchema, type StandardSchemaV1 } from "tooltype";

const standard = suite("Standard Schema (~standard) on guards");

/** What a library that accepts any Standard Schema does with one. */
async function validate<S extends StandardSchemaV1>(schema: S, value: unknown) {
  return await schema["~standard"].validate(value);
}

standard("version and vendor", () => {
  const props = compile(t.string())["~standard"];
  assert.is(props.version, 1);
  assert.is(props.vendor, "tooltype");
});

standard("a valid value comes back as value, from a guard and from standard(d)", async () => {
  const d = t.object({ a: t.string() });
  assert.equal(await validate(compile(d), { a: "x" }), { value: { a: "x" } });
  assert.equal(await validate(standardOf(d), { a: "x" }), { value: { a: "x" } });
});

standard("issues have messages and paths as keys, array indexes as numbers", async () => {
  const d = t.object({ items: t.array(t.object({ "a/b": t.integer() })) });
  for (const schema of [compile(d), standardOf(d)]) {
    const result = await validate(schema, { items: [{ "a/b": 1 }, { "a/b": "x" }] });
    assert.equal(result.issues, [{ message: "Expected integer, received string", path: ["items", 1, "a/b"] }]);
  }
});

standard("root issues have an empty path; every issue is reported", async () => {
  assert.equal((await validate(compile(t.string()), 1)).issues, [
    { message: "Expected string, received integer", path: [] },
  ]);
  const result = await validate(compile(t.object({ a: t.string(), b: t.string() })), {});
  assert.is(result.issues!.length, 2);
});

standard("~standard is not enumerable and is made once per guard; descriptors are plain data without it", () => {
  const guard = compile(t.integer());
  assert.not.ok(Object.keys(guard).includes("~standard"));
  assert.is(guard["~standard"], guard["~standard"]);
  assert.not.ok("~standard" in t.integer());
});

const jsonSchema = suite("Standard JSON Schema (~standard.jsonSchema)");

const Weather = t.object({
  city: t.string({ description: "City" }),
  at: t.optional(t.tuple([t.number(), t.number()])),
  unit: t.enum(["c", "f"], { default: "c" }),
});

jsonSchema("input and output write draft 2020-12 by default, a fresh copy each time", () => {
  for (const schema of [compile(Weather), standardOf(Weather)]) {
    const props = schema["~standard"];
    assert.equal(props.jsonSchema.input({ target: "draft-2020-12" }), toJSONSchema(Weather));
    assert.equal(props.jsonSchema.output({ target: "draft-2020-12" }), toJSONSchema(Weather));
    assert.equal(props.jsonSchema.input(), toJSONSchema(Weather));
    const first = props.jsonSchema.input({ target: "draft-2020-12" });
    first.type = "changed";
    assert.is(props.jsonSchema.input({ target: "draft-2020-12" }).type, "object");
  }
});

jsonSchema("draft-07: tuples as items lists, $defs as definitions", () => {
  const Tree = t.recursive<{ kids: unknown[] }>("Tree", (self) =>
    t.object({ kids: t.array(self), pair: t.optional(t.tuple([t.string(), t.integer()])) }),
  );
  const out = compile(Tree)["~standard"].jsonSchema.input({ target: "draft-07" });
  const tree = {
    type: "object",
    properties: {
      kids: { type: "array", items: { $ref: "#/definitions/Tree" } },
      pair: { type: "array", minItems: 2, maxItems: 2, items: [{ type: "string" }, { type: "integer" }] },
    },
    required: ["kids"],
  };
  assert.equal(out, { ...tree, definitions: { Tree: { ...tree, title: "Tree" } } });
  assert.equal(standardOf(Tree)["~standard"].jsonSchema.input({ target: "draft-07" }), out);
});

jsonSchema("a target it cannot write throws, naming the ones it can", () => {
  assert.throws(
    () => compile(Weather)["~standard"].jsonSchema.input({ target: "openapi-3.0" }),
    /"openapi-3.0".*"draft-2020-12", "draft-07"/,
  );
  assert.throws(() => standardOf(Weather)["~standard"].jsonSchema.output({ target: "draft-04" }), /"draft-04"/);
});

jsonSchema("standard(d) compiles nothing until it validates", () => {
  // A default outside its type is refused when the guard is made: here, only on validate.
  const bad = standardOf(t.string({ default: 5 } as never));
  assert.equal(bad["~standard"].jsonSchema.input(), { type: "string", default: 5 });
  assert.throws(() => bad["~standard"].validate("x"), /option "default" of t\.string/);
});

standard.run();
jsonSchema.run();
