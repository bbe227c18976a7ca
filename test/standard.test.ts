// Standard Schema v1: descriptors validate through `~standard`, issues carry key paths.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, type StandardSchemaV1 } from "tooltype";

const standard = suite("Standard Schema (~standard)");

/** What a library that accepts any Standard Schema does with one. */
async function validate<S extends StandardSchemaV1>(schema: S, value: unknown) {
  return await schema["~standard"].validate(value);
}

standard("version and vendor", () => {
  const props = t.string()["~standard"];
  assert.is(props.version, 1);
  assert.is(props.vendor, "tooltype");
});

standard("a valid value comes back as value", async () => {
  const d = t.object({ a: t.string() });
  assert.equal(await validate(d, { a: "x" }), { value: { a: "x" } });
});

standard("issues have messages and paths as keys, array indexes as numbers", async () => {
  const d = t.object({ items: t.array(t.object({ "a/b": t.integer() })) });
  const result = await validate(d, { items: [{ "a/b": 1 }, { "a/b": "x" }] });
  assert.ok(result.issues);
  assert.equal(result.issues, [{ message: "Expected integer, received string", path: ["items", 1, "a/b"] }]);
});

standard("root issues have an empty path; every issue is reported", async () => {
  assert.equal((await validate(t.string(), 1)).issues, [{ message: "Expected string, received integer", path: [] }]);
  const result = await validate(t.object({ a: t.string(), b: t.string() }), {});
  assert.is(result.issues!.length, 2);
});

standard("~standard is not enumerable and is cached per descriptor", () => {
  const d = t.integer();
  assert.not.ok(Object.keys(d).includes("~standard"));
  assert.is(d["~standard"], d["~standard"]);
});

standard.run();
