// compile(s, { schemas }): other documents by URI for `$ref`, `$dynamicRef` and `$schema` to reach, never fetched; the
// 2020-12 meta-schemas as a value (META_SCHEMAS_2020_12); a custom meta-schema's `$vocabulary` read by `vocabularies`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as aotModule from "tooltype/aot";
import { compile as leanCompile } from "tooltype/guard";
import { allowsEval, compile, META_SCHEMAS_2020_12, SchemaError, untrusted, vocabularies, type Guard } from "tooltype";
import { guardSource } from "../../src/build/guard-code.js";
import { check, guards } from "../support/guards.js";

const address = {
  $id: "https://example.com/schemas/address.json",
  type: "object",
  properties: { city: { type: "string", minLength: 1 }, zip: { $ref: "#/$defs/zip" } },
  required: ["city"],
  $defs: { zip: { type: "string", pattern: "^[0-9]{5}$" } },
};
const person = {
  type: "object",
  properties: { name: { type: "string" }, residence: { $ref: "https://example.com/schemas/address.json" } },
};

const given = suite("compile: documents given in { schemas }");

given("a $ref reaches a document by the URI it is given under, on every guard path", () => {
  const schemas = { "https://example.com/schemas/address.json": address };
  check(
    person,
    [{ name: "Ada" }, { residence: { city: "Paris" } }, { residence: { city: "Paris", zip: "75001" } }],
    [{ residence: {} }, { residence: { city: "" } }, { residence: { city: "Paris", zip: "7500" } }, { residence: 1 }],
    { schemas },
  );
  // The document's own `#/...` reference resolves in it, not in the schema compiled.
  assert.equal(
    compile(person, { schemas })
      .errors({ residence: { city: "Paris", zip: "x" } })
      .map((issue) => [issue.code, issue.path]),
    [["pattern", "/residence/zip"]],
  );
});

given("a document is also found by its own $id, and relative references resolve against it", () => {
  const schemas = { "urn:example:address": address };
  check(person, [{ residence: { city: "Paris" } }], [{ residence: { city: "" } }], { schemas });
  const relative = {
    $id: "https://example.com/schemas/person.json",
    properties: { residence: { $ref: "address.json" } },
  };
  check(relative, [{ residence: { city: "Paris" } }], [{ residence: {} }], { schemas });
  // And by the key alone when it has no $id.
  const { $id: _, ...anonymous } = address;
  check(person, [{ residence: { city: "Paris" } }], [{ residence: {} }], {
    schemas: { "https://example.com/schemas/address.json": anonymous },
  });
});

given("a URI in neither the schema nor { schemas } is an error naming it; nothing is fetched", () => {
  const fetched: unknown[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = ((...args: unknown[]) => {
    fetched.push(args);
    return Promise.reject(new Error("no network in this test"));
  }) as typeof fetch;
  try {
    for (const schemas of [undefined, { "https://example.com/schemas/other.json": {} }]) {
      assert.throws(
        () => compile(person, { schemas }),
        (error: Error) =>
          error instanceof SchemaError &&
          error.message.includes(
            '"$ref" "https://example.com/schemas/address.json" at #/properties/residence points to nothing in this schema (https://example.com/schemas/address.json: never fetched; pass the document in { schemas }, or inline it under $defs with its $id)',
          ),
      );
    }
  } finally {
    globalThis.fetch = original;
  }
  assert.equal(fetched, []);
});

given("two documents (or a document and the schema) under one URI are refused", () => {
  assert.throws(
    () =>
      compile({ $id: "https://example.com/a.json", $ref: "b.json" }, { schemas: { "https://example.com/a.json": {} } }),
    /"schemas" key "https:\/\/example.com\/a.json" at # names a second schema as https:\/\/example.com\/a.json/,
  );
});

given("only the parts of a document that are reached are read", () => {
  const library = { $defs: { used: { type: "string" }, unused: { typo: 1 } } };
  const schema = { $ref: "https://example.com/library.json#/$defs/used" };
  check(schema, ["a"], [1], { schemas: { "https://example.com/library.json": library } });
  assert.throws(
    () =>
      compile(
        { $ref: "https://example.com/library.json#/$defs/unused" },
        {
          schemas: { "https://example.com/library.json": library },
        },
      ),
    /unsupported keyword "typo" at https:\/\/example.com\/library.json#\/\$defs\/unused/,
  );
});

given("documents are read as the schema is: the depth limit, and untrusted's rules and size bound", () => {
  const schema = { $ref: "https://example.com/other.json" };
  let deep: object = { type: "string" };
  for (let i = 0; i < 600; i++) deep = { items: deep };
  assert.throws(
    () => compile(schema, { schemas: { "https://example.com/other.json": deep } }),
    /the schema nests deeper than 512 levels/,
  );
  // An unknown keyword in a given document: refused in one's own, left out and listed when untrusted.
  const other = { type: "string", markdownDescription: "**text**" };
  assert.throws(
    () => compile(schema, { schemas: { "https://example.com/other.json": other } }),
    /unsupported keyword "markdownDescription"/,
  );
  for (const guard of guards(schema, { untrusted, schemas: { "https://example.com/other.json": other } })) {
    assert.equal(guard.ignored, [{ keyword: "markdownDescription", at: "https://example.com/other.json#" }]);
    assert.ok(guard("a"));
    assert.not.ok(guard(1));
  }
  // A pattern that could backtrack catastrophically, in a document reached.
  const hazard = { type: "string", pattern: "^(a+)+$" };
  compile(schema, { schemas: { "https://example.com/other.json": hazard } }); // one's own: trusted
  assert.throws(
    () => compile(schema, { untrusted, schemas: { "https://example.com/other.json": hazard } }),
    /"pattern" "\^\(a\+\)\+\$" at https:\/\/example.com\/other.json# is refused for an untrusted schema/,
  );
  // The size bound counts the documents given, reached or not.
  const wide = () => Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`p${i}`, { type: "string" }]));
  const two = {
    "https://example.com/a.json": { properties: wide() },
    "https://example.com/b.json": { properties: wide() },
  };
  compile(
    { type: "string" },
    { untrusted, schemas: { "https://example.com/a.json": two["https://example.com/a.json"] } },
  );
  assert.throws(
    () => compile({ type: "string" }, { untrusted, schemas: two }),
    /the untrusted schema holds more than 100000 properties and items/,
  );
});

given("the lean compile (tooltype/guard) takes { schemas } too", () => {
  const guard = leanCompile(person, { schemas: { "https://example.com/schemas/address.json": address } });
  assert.ok(guard({ residence: { city: "Paris" } }));
  assert.not.ok(guard({ residence: { city: "" } }));
});

const meta = suite("compile: META_SCHEMAS_2020_12");

meta("the 2020-12 meta-schema checks schemas, on every guard path", () => {
  const schema = { $ref: "https://json-schema.org/draft/2020-12/schema" };
  check(
    schema,
    [{}, true, { type: "string", minLength: 1 }, { properties: { a: { type: ["string", "null"] } } }, address],
    [{ type: "text" }, { minLength: -1 }, { properties: { a: 1 } }, { required: "a" }, { $defs: { a: "b" } }, 1],
    { schemas: META_SCHEMAS_2020_12 },
  );
  assert.equal(Object.keys(META_SCHEMAS_2020_12).length, 9);
  for (const [uri, document] of Object.entries(META_SCHEMAS_2020_12))
    assert.is((document as { $id?: string }).$id, uri, "each document under its own $id");
});

meta("a $ref to the meta-schema without it given names the URI", () => {
  assert.throws(
    () => compile({ $ref: "https://json-schema.org/draft/2020-12/schema" }),
    /https:\/\/json-schema.org\/draft\/2020-12\/schema: never fetched; pass the document in \{ schemas \}/,
  );
});

const vocab = suite("compile: a custom meta-schema's $vocabulary, read by vocabularies");

const VOCAB = "https://json-schema.org/draft/2020-12/vocab/";
const metaSchema = (vocabulary: Record<string, boolean>) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://example.com/meta.json",
  $vocabulary: vocabulary,
});
const schemas = (vocabulary: Record<string, boolean>) => ({ "https://example.com/meta.json": metaSchema(vocabulary) });
const custom = {
  $schema: "https://example.com/meta.json",
  type: "object",
  properties: { n: { minimum: 10 }, bad: false },
  required: ["n"],
};

vocab("leaving the validation vocabulary out leaves its keywords unapplied; the applicator's still apply", () => {
  const options = { schemas: schemas({ [`${VOCAB}core`]: true, [`${VOCAB}applicator`]: true }), vocabularies };
  check(custom, [{ n: 1 }, {}, [], "x"], [{ bad: 1 }, { n: 1, bad: null }], options);
  // The same meta-schema listing validation too: every keyword applies.
  const all = {
    schemas: schemas({ [`${VOCAB}core`]: true, [`${VOCAB}applicator`]: true, [`${VOCAB}validation`]: true }),
    vocabularies,
  };
  check(custom, [{ n: 10 }], [{ n: 1 }, {}, "x", { n: 10, bad: 1 }], all);
});

vocab("an unknown vocabulary is ignored when optional and refused when required", () => {
  const known = { [`${VOCAB}core`]: true, [`${VOCAB}applicator`]: true, [`${VOCAB}validation`]: true };
  check(custom, [{ n: 10 }], [{ n: 1 }], {
    schemas: schemas({ ...known, "https://example.com/vocab/extra": false }),
    vocabularies,
  });
  assert.throws(
    () => compile(custom, { schemas: schemas({ ...known, "https://example.com/vocab/extra": true }), vocabularies }),
    /"\$schema" "https:\/\/example.com\/meta.json" at # requires the vocabulary https:\/\/example.com\/vocab\/extra, which tooltype does not know/,
  );
});

vocab(
  "a meta-schema without $vocabulary applies every vocabulary; one whose $vocabulary is no object is refused",
  () => {
    const plain = { "https://example.com/meta.json": { $schema: "https://json-schema.org/draft/2020-12/schema" } };
    check(custom, [{ n: 10 }], [{ n: 1 }, {}], { schemas: plain, vocabularies });
    const odd = { "https://example.com/meta.json": { $vocabulary: [VOCAB] } };
    assert.throws(
      () => compile(custom, { schemas: odd, vocabularies }),
      /at # names a meta-schema whose "\$vocabulary" is not an object of vocabulary URIs and booleans/,
    );
  },
);

vocab(
  "a custom meta-schema is refused when it or vocabularies is not given, or below the root when it leaves any out",
  () => {
    const withoutValidation = schemas({ [`${VOCAB}core`]: true, [`${VOCAB}applicator`]: true });
    for (const options of [{}, { vocabularies }, { schemas: withoutValidation }]) {
      assert.throws(
        () => compile(custom, options),
        /"\$schema" "https:\/\/example.com\/meta.json" at # is not supported: a custom meta-schema may switch vocabularies off; give it in \{ schemas \}, with \{ vocabularies \} to read it \(never fetched/,
      );
    }
    assert.throws(
      () => compile({ properties: { a: custom } }, { schemas: withoutValidation, vocabularies }),
      /at #\/properties\/a leaves vocabularies out, which only the \$schema at the root of the schema compiled may/,
    );
  },
);

const aot = suite("tooltype compile (ahead of time): documents of other URIs");

aot("refused with the URI and the way to give the document: inline under $defs with its $id", () => {
  assert.throws(
    () => guardSource(person),
    /https:\/\/example.com\/schemas\/address.json: never fetched; pass the document in \{ schemas \}, or inline it under \$defs with its \$id/,
  );
  if (!allowsEval()) return; // the written module's code has nothing to run it with here
  const inlined = { ...person, $defs: { address } };
  const source = guardSource(inlined, (name) => `A.${name}`);
  const guard = new Function("A", "schema", `return ${source.call("schema")};`)(
    aotModule,
    source.schema,
  ) as Guard<unknown>;
  assert.ok(guard({ residence: { city: "Paris" } }));
  assert.not.ok(guard({ residence: { city: "" } }));
  assert.equal(
    guard.errors({ residence: { city: "" } }).map((issue) => issue.path),
    ["/residence/city"],
  );
});

given.run();
meta.run();
vocab.run();
aot.run();
