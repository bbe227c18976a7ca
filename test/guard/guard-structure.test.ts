// compile: the structural keywords of draft 2020-12 (if/then/else, dependentRequired, dependentSchemas,
// unevaluatedProperties/Items, $anchor, nested $id), formats as annotations, and the suite's bug reports.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile, FORMATS, IDN_FORMATS, SchemaError } from "tooltype";
import { check, codes, guards } from "../support/guards.js";

const conditional = suite("compile: if / then / else");

conditional("the verdict of if picks then or else; then and else alone say nothing", () => {
  const schema = {
    if: { properties: { country: { const: "US" } }, required: ["country"] },
    then: { required: ["zip"] },
    else: { required: ["postcode"] },
  };
  check(
    schema,
    [{ country: "US", zip: "1" }, { country: "FR", postcode: "75" }, "text"],
    [{ country: "US" }, { country: "FR" }, {}, { postcode: "1", country: "US" }],
  );
  check({ then: { type: "string" }, else: { type: "string" } }, [1, "a"], []);
  check({ if: { type: "string" } }, [1, "a"], []);
  check({ if: { type: "number" }, then: { minimum: 3 } }, [3, "a"], [2]);
  assert.equal(codes(schema, { country: "US" }), [["required", "/zip"]]);
  assert.equal(codes(schema, { country: "FR" }), [["required", "/postcode"]]);
});

conditional("inside properties, items and $ref targets, on both paths", () => {
  const schema = {
    type: "array",
    items: { $ref: "#/$defs/shape" },
    $defs: {
      shape: {
        if: { properties: { kind: { const: "circle" } } },
        then: { required: ["radius"] },
        else: { required: ["side"] },
      },
    },
  };
  check(
    schema,
    [
      [
        { kind: "circle", radius: 1 },
        { kind: "square", side: 2 },
      ],
    ],
    [[{ kind: "circle", side: 1 }]],
  );
  assert.equal(codes(schema, [{ kind: "square" }]), [["required", "/0/side"]]);
});

const dependent = suite("compile: dependentRequired, dependentSchemas, draft-07 dependencies");

dependent("a present property requires others, or a schema of the whole object", () => {
  check(
    { dependentRequired: { card: ["billing", "cvc"] } },
    [{}, { billing: 1 }, { card: 1, billing: 1, cvc: 1 }, [], "x"],
    [{ card: 1 }, { card: 1, billing: 1 }],
  );
  assert.equal(codes({ dependentRequired: { card: ["billing", "cvc"] } }, { card: 1 }), [
    ["required", "/billing"],
    ["required", "/cvc"],
  ]);
  const issue = compile({ dependentRequired: { card: ["billing"] } }).errors({ card: 1 })[0]!;
  assert.is(issue.message, 'Missing required property (expected a value, since "card" is present)');
  check({ dependentSchemas: { card: { required: ["billing"] } } }, [{}, { card: 1, billing: 2 }], [{ card: 1 }]);
  check({ dependentSchemas: { constructor: false } }, [{}], [{ constructor: 1 }]);
  check(
    { dependencies: { a: ["b"], c: { maxProperties: 1 } } },
    [{ a: 1, b: 1 }, { c: 1 }],
    [{ a: 1 }, { c: 1, d: 1 }],
  );
  assert.throws(
    () => compile({ dependentRequired: { a: "b" } }),
    /"dependentRequired\/a" at # must be an array of strings/,
  );
});

const unevaluated = suite("compile: unevaluatedProperties, unevaluatedItems");

unevaluated("TypeBox's Intersect: properties of every allOf member count, others are refused", () => {
  const intersect = {
    allOf: [
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      { type: "object", properties: { b: { type: "number" } } },
    ],
    unevaluatedProperties: false,
  };
  check(intersect, [{ a: "x" }, { a: "x", b: 1 }], [{ a: "x", c: 1 }, { a: 1 }]);
  assert.equal(codes(intersect, { a: "x", c: 1, d: 2 }), [
    ["additional_property", "/c"],
    ["additional_property", "/d"],
  ]);
});

unevaluated(
  "only passing branches evaluate; if, then, else, $ref and dependentSchemas count; a schema checks the rest",
  () => {
    const schema = {
      anyOf: [
        { properties: { a: { type: "string" } }, required: ["a"] },
        { properties: { b: { type: "string" } }, required: ["b"] },
      ],
      unevaluatedProperties: false,
    };
    check(
      schema,
      [{ a: "x" }, { a: "x", b: "y" }],
      [
        { a: 1, b: "y" },
        { a: "x", c: 1 },
      ],
    );
    check(
      {
        if: { properties: { a: {} }, required: ["a"] },
        then: { properties: { b: {} } },
        else: { properties: { c: {} } },
        unevaluatedProperties: false,
      },
      [{ a: 1, b: 1 }, { c: 1 }],
      [{ a: 1, c: 1 }, { b: 1 }],
    );
    check(
      { $ref: "#/$defs/base", $defs: { base: { properties: { a: {} } } }, unevaluatedProperties: { type: "number" } },
      [{ a: "x", z: 1 }],
      [{ a: "x", z: "y" }],
    );
    check(
      { dependentSchemas: { a: { properties: { b: {} } } }, properties: { a: {} }, unevaluatedProperties: false },
      [{ a: 1, b: 1 }],
      [{ b: 1 }],
    );
    check({ not: { not: { properties: { a: {} } } }, unevaluatedProperties: false }, [{}], [{ a: 1 }]);
  },
);

unevaluated("items: prefixItems, contains and branches evaluate; the rest must match", () => {
  check({ prefixItems: [{ type: "string" }], unevaluatedItems: false }, [[], ["a"]], [["a", 1]]);
  check(
    { allOf: [{ prefixItems: [true, true] }], unevaluatedItems: { type: "boolean" } },
    [
      [1, 2],
      [1, 2, true],
    ],
    [[1, 2, 3]],
  );
  check({ contains: { type: "string" }, unevaluatedItems: { type: "number" } }, [["a", 1, "b"]], [["a", null]]);
  check({ items: true, unevaluatedItems: false }, [[1, 2]], []);
  assert.equal(codes({ prefixItems: [{}], unevaluatedItems: false }, [1, 2, 3]), [
    ["additional_item", "/1"],
    ["additional_item", "/2"],
  ]);
});

unevaluated("recursive schemas stay linear: the annotation walk shares $ref verdicts", () => {
  const tree = {
    type: "object",
    properties: { v: { type: "number" }, kids: { type: "array", items: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } } },
    unevaluatedProperties: false,
  };
  let value: object = { v: 1 };
  for (let i = 0; i < 60; i++) value = { v: i, kids: [value] };
  for (const guard of guards(tree)) {
    assert.ok(guard(value), guard.mode);
  }
});

const ids = suite("compile: $id, $anchor and base URIs");

ids("a nested $id changes the base of the $refs inside it; $anchor names a schema", () => {
  const schema = {
    $id: "https://example.com/root.json",
    properties: { a: { $ref: "item.json" }, b: { $ref: "#positive" }, c: { $ref: "item.json#/$defs/small" } },
    $defs: {
      item: { $id: "item.json", type: "string", $defs: { small: { maxLength: 2 } } },
      positive: { $anchor: "positive", minimum: 0 },
      nested: {
        $id: "dir/x.json",
        properties: { y: { $ref: "y.json" } },
        $defs: { y: { $id: "y.json", type: "null" } },
      },
    },
  };
  check(schema, [{ a: "s", b: 1, c: "ab" }], [{ a: 1 }, { b: -1 }, { c: "abc" }]);
  check({ $ref: "#/$defs/nested", $defs: schema.$defs }, [{ y: null }], [{ y: 1 }]);
  check(
    {
      $id: "urn:uuid:deadbeef-1234-0000-0000-4321feebdaed",
      properties: { p: { $ref: "#/$defs/q" } },
      $defs: { q: { type: "integer" } },
    },
    [{ p: 1 }],
    [{ p: "1" }],
  );
});

ids("a $id inside enum, const, default or examples is data: no $ref reaches it", () => {
  const data = { $id: "https://example.com/data.json", type: "null" };
  for (const where of ["enum", "const", "default", "examples"]) {
    const holder = where === "enum" || where === "examples" ? [data] : data;
    assert.throws(
      () => compile({ $defs: { d: { [where]: holder } }, $ref: "https://example.com/data.json" }),
      /https:\/\/example.com\/data.json: never fetched/,
      where,
    );
  }
  check(
    { anyOf: [{ $ref: "#/$defs/a" }, { enum: [{ $id: "#/$defs/a" }] }], $defs: { a: { type: "number" } } },
    [1, { $id: "#/$defs/a" }],
    ["x"],
  );
});

ids("two schemas with one $id, or one anchor twice, are refused", () => {
  assert.throws(
    () => compile({ $defs: { a: { $id: "https://x/a.json" }, b: { $id: "https://x/a.json" } } }),
    (e: Error) => e instanceof SchemaError && /names a second schema as https:\/\/x\/a.json/.test(e.message),
  );
  assert.throws(
    () => compile({ $defs: { a: { $anchor: "n" }, b: { $anchor: "n" } }, $ref: "#n" }),
    /"\$anchor" "n" at #\/\$defs\/b names a second schema/,
  );
  assert.throws(() => compile({ $anchor: "1bad" }), /"\$anchor" "1bad" at # must be a name/);
  assert.throws(() => compile({ $ref: "#missing" }), /"\$ref" "#missing" at # points to nothing in this schema/);
});

ids("TypeBox's $ref by $id and draft-07 meta-schemas keep working", () => {
  check(
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: { T: { $id: "T", type: "string" } },
      properties: { t: { $ref: "T" } },
    },
    [{ t: "x" }],
    [{ t: 1 }],
  );
});

const numbers = suite("compile: numbers past the largest double");

numbers("multipleOf 0.5 holds for 1e308 (the quotient overflows; the remainder decides)", () => {
  check({ type: "number", multipleOf: 0.5 }, [1e308, 1.5], [1.25]);
  check({ type: "integer", multipleOf: 0.123456789 }, [], [1e308]);
});

const formats = suite("compile: formats per their RFCs; unknown ones annotate; assertFormats: false");

formats("email (RFC 5321): quoted local parts and address literals; a@b is valid", () => {
  check(
    { format: "email" },
    ['"joe bloggs"@example.com', '"a..b"@x.org', "a@[127.0.0.1]", "a@[IPv6:::1]", "a@b", "first.last@example.com"],
    [".a@b.com", "a..b@c.com", "a@b..com", "a@[300.0.0.1]", "no-at", "a@-b.com"],
  );
});

formats("hostname (RFC 1123, IDNA2008 A-labels), uri and uri-reference (RFC 3986), uuid, duration, date-time", () => {
  check(
    { format: "hostname" },
    ["example.com", "a--b.com", "xn--9n2bp8q.xn--9t4b11yi5a"],
    ["example.", "-a.com", "xn--X", "xn--hello-zed", "a_b.com"],
  );
  check(
    { format: "uri" },
    ["https://a.example/p?q=1#f", "urn:isbn:0451450523", "http://[::1]:80/", "mailto:a@b"],
    [
      "//a.example/p",
      "http://a b",
      "http://a.example/%zz",
      "http://a:port/",
      "http://[::01.2.3.4]/",
      "ht\\tp:x",
      "https://ä.example/",
    ],
  );
  check({ format: "uri-reference" }, ["/p", "../a?b#c", "", "#f"], ["\\\\win", "a:b:c%", "http://a@b@c/", "[x]"]);
  check(
    { format: "uuid" },
    ["2eb8aa08-aa98-11ea-b4aa-73b441d16380"],
    ["urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2eb8aa08aa9811eab4aa73b441d16380"],
  );
  check({ format: "duration" }, ["P1Y2M3DT4H5M6S", "PT1M", "P2W", "P1Y"], ["P1Y2D", "PT1H2S", "P", "PT", "P1W2D"]);
  check({ format: "date-time" }, ["1963-06-19T08:30:06.999999999999999Z"], ["1963-06-19T08:30:60Z"]);
  check(
    { format: "ipv6" },
    ["::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4"],
    ["1:2:3:4:5:6:7:8:9", "::ffff:01.2.3.4", "1::2::3", "::1%eth0"],
  );
  check({ format: "json-pointer" }, ["", "/a~0b~1c"], ["a", "/~2"]);
  check({ format: "relative-json-pointer" }, ["0#", "1/a"], ["/a", "01"]);
  check({ format: "uri-template" }, ["{+var}", "a{x,y*}b"], ["{}", "a}"]);
});

formats("the internationalized formats are IDN_FORMATS, to pass in; without them they are annotations", () => {
  assert.ok(IDN_FORMATS["idn-hostname"]!("실례.테스트"));
  assert.not.ok(IDN_FORMATS["idn-hostname"]!("-실례.테스트"));
  assert.ok(IDN_FORMATS["idn-email"]!("실례@실례.테스트"));
  assert.ok(IDN_FORMATS.iri!("https://ä.example/ü"));
  assert.not.ok(IDN_FORMATS.iri!("ü"));
  for (const guard of guards({ format: "iri" }, { formats: IDN_FORMATS })) assert.not.ok(guard("ü"), guard.mode);
  for (const guard of guards({ format: "iri" }))
    assert.ok(guard("ü"), `${guard.mode}: an unknown format asserts nothing`);
  assert.is(FORMATS["idn-hostname"], undefined);
});

formats("assertFormats: false makes format and contentEncoding annotations only, on both paths", () => {
  const schema = { type: "string", format: "email", contentEncoding: "base64" };
  check(schema, ["not an email"], [1], { assertFormats: false });
  check(schema, [], ["not an email"]);
  check({ type: "string", format: "even" }, ["odd"], [], { assertFormats: false, formats: { even: () => false } });
  check({ type: "string", format: "even" }, [], ["odd"], { formats: { even: () => false } });
});

conditional.run();
dependent.run();
unevaluated.run();
ids.run();
numbers.run();
formats.run();
