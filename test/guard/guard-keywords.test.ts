// The keyword list (src/guard/keywords/index.ts): each keyword module declares its keys, sub-schema slots, issue
// codes and messages, and everything else is derived from the list. These tests hold the derivations to it: the
// issue codes are the declared ones, every key has one reader, every keyword has its generated forms, the schema
// writers' table of sub-schema keywords agrees with the guard's, and a keyword is named outside its own module only
// where a listed reason says why.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { issueMessage, type IssueCode } from "../../src/guard/issue.js";
import { GENERATED } from "../../src/guard/keywords/generated.js";
import { issueMessages, keywordOf, keywords, placeOf, slotOf } from "../../src/guard/keywords/index.js";
import type { KeywordDeclaration } from "../../src/guard/keywords/keyword.js";
import { SUBSCHEMAS } from "../../src/schema/subschemas.js";

const declarations: readonly KeywordDeclaration[] = keywords();

// Every issue code a guard lists. The type checks below make this list and `IssueCode` the same set.
const CODES = [
  "type",
  "never",
  "enum",
  "const",
  "min_length",
  "max_length",
  "pattern",
  "pattern_unevaluated",
  "format",
  "content_encoding",
  "minimum",
  "maximum",
  "exclusive_minimum",
  "exclusive_maximum",
  "multiple_of",
  "min_items",
  "max_items",
  "unique_items",
  "contains",
  "required",
  "additional_property",
  "property_name",
  "min_properties",
  "max_properties",
  "union",
  "one_of",
  "not",
  "too_deep",
  "additional_item",
] as const satisfies readonly IssueCode[];
// A code of `IssueCode` missing from CODES fails to compile here.
const everyCode: [Exclude<IssueCode, (typeof CODES)[number]>] extends [never] ? true : false = true;

const list = suite("the keyword list");

list("IssueCode is the union of the codes the keywords declare, each declared once, each with its message", () => {
  assert.ok(everyCode);
  const declared = declarations.flatMap((keyword) => Object.keys(keyword.issues ?? {}));
  assert.equal([...declared].sort(), [...CODES].sort());
  assert.equal([...issueMessages().keys()].sort(), [...CODES].sort());
  for (const code of CODES) assert.type(issueMessage(code, "x", "y"), "string", code);
  assert.is(issueMessage("min_length", "2", "1"), "Expected at least 2 characters, received 1");
});

list("every schema key has one keyword reading it", () => {
  const keys = declarations.flatMap((keyword) => keyword.keys);
  assert.equal(keys.length, new Set(keys).size, "a key two keywords read");
  for (const keyword of declarations) for (const key of keyword.keys) assert.is(keywordOf(key), keyword, key);
});

list("every keyword has its generated forms, and the generated forms are the list's", () => {
  assert.equal([...GENERATED.keys()], [...declarations]);
  for (const keyword of declarations) {
    const form = GENERATED.get(keyword)!;
    // A value keyword's form tests a limit; a keyword with a check of its own writes its own code.
    if ("holds" in keyword) assert.ok("holds" in form, keyword.keys[0]);
    else if (keyword.check) assert.ok("source" in form && form.source.length > 0, keyword.keys[0]);
  }
});

list("the walks follow the declared slots: the schema writers' table agrees but for draft-07 dependencies", () => {
  const keys = [
    ...declarations.flatMap((keyword) => keyword.keys),
    ...SUBSCHEMAS.keys(),
    "$id",
    "title",
    "constructor",
  ];
  const guard = new Map(keys.flatMap((key) => (slotOf(key) ? [[key, slotOf(key)!] as const] : [])));
  // `dependencies` (draft-07) may hold name lists beside schemas: the guard reads it, the schema writers copy it as it is.
  assert.is(guard.get("dependencies"), "map");
  guard.delete("dependencies");
  assert.equal(new Map([...guard].sort()), new Map([...SUBSCHEMAS].sort()));
  for (const keyword of declarations) {
    if (keyword.schemas) assert.ok(keyword.place, `${keyword.keys[0]}: sub-schemas without a place`);
    if (keyword.place) assert.ok(keyword.schemas, `${keyword.keys[0]}: a place without sub-schemas`);
  }
  assert.is(placeOf("not"), "same");
  assert.is(placeOf("contains"), "child");
  assert.is(placeOf("enum"), undefined);
  assert.is(placeOf("constructor"), undefined);
});

list.run();

// ---- a keyword is named in its own module --------------------------------------------------------------------------
// Where src/guard names a keyword (a quoted key, a node field read or written) outside the module that declares it,
// and why. Anything else fails: wiring a keyword into another module is what the declarations replace.
const NAMED_ELSEWHERE: readonly (readonly [file: string, keys: string, why: string])[] = [
  ["node.ts", "*", "the checked schema's type: a field for each keyword's reading"],
  ["meta-schemas.ts", "*", "the draft 2020-12 meta-schema documents: data that names every keyword"],
  [
    "compile-descriptor.ts descriptor-reader.ts descriptor-checks.ts",
    "*",
    "compileDescriptor: the t builders' subset read and checked apart from the keyword list, so that a lean bundle carries no reader of any JSON Schema (test/guard/compile-descriptor.test.ts holds it to compile's verdicts and issues)",
  ],
  ["vocabularies.ts", "properties", "a vocabulary's keywords are read from its meta-schema's properties"],
  [
    "evaluated.ts",
    "prefixItems items contains unevaluatedItems properties patternProperties additionalProperties unevaluatedProperties",
    "which keywords evaluate which items and properties (draft 2020-12 section 11): one walk, shared by both guard paths",
  ],
  [
    "evaluated.ts",
    "allOf anyOf oneOf not if then else dependentSchemas",
    "the in-place sub-schemas whose annotations count when they pass",
  ],
  [
    "revisit.ts",
    "prefixItems items contains properties patternProperties additionalProperties unevaluatedItems unevaluatedProperties",
    "which sub-schemas may meet one item or property twice (a $ref target's verdict is then kept)",
  ],
  ["describe.ts", "enum format properties anyOf oneOf", "a node described in an issue's expected text"],
  ["describe.ts", "required", "a declared property's required flag, in a described object"],
  [
    "interpret/leaf.ts",
    "enum minimum maximum exclusiveMinimum exclusiveMaximum",
    "a leaf's check in one call, where calling each keyword's closure goes megamorphic",
  ],
  ["ir.ts", "$ref $dynamicRef", "references are resolved by the reader once the document is read"],
  ["ir.ts", "const", "a const of undefined is present (every other key of undefined is absent)"],
  [
    "keywords/array-walk.ts",
    "prefixItems items minItems maxItems",
    "the one walk of an array's lengths and items (items.ts runs it)",
  ],
  [
    "keywords/object-walk.ts",
    "properties additionalProperties minProperties maxProperties patternProperties",
    "the one walk of an object's keys (properties.ts runs it)",
  ],
  [
    "keywords/object-walk.ts",
    "required pattern",
    "a declared property's required flag; a patternProperties entry's RegExp",
  ],
  ["keywords/items.ts", "prefixItems", "draft-07's tuple: an array items is read as prefixItems"],
  ["keywords/contains.ts", "minContains maxContains", "contains checks how many items matched"],
  [
    "keywords/dependent-schemas.ts",
    "dependentRequired",
    "draft-07's dependencies: a list is read as dependentRequired",
  ],
  [
    "keywords/dependent-schemas.ts keywords/dependent-required.ts",
    "required",
    "a missing property is a required issue; an entry's required names",
  ],
  ["keywords/properties.ts", "required", "a property is marked required when required names it"],
  ["keywords/required.ts", "properties", "the required names with no schema in properties are kept apart"],
  ["keywords/minimum.ts", "exclusiveMinimum", "draft-04's boolean exclusiveMinimum makes minimum exclusive"],
  ["keywords/exclusive-minimum.ts", "minimum", "draft-04's boolean exclusiveMinimum makes minimum exclusive"],
  ["keywords/maximum.ts", "exclusiveMaximum", "draft-04's boolean exclusiveMaximum makes maximum exclusive"],
  ["keywords/exclusive-maximum.ts", "maximum", "draft-04's boolean exclusiveMaximum makes maximum exclusive"],
  [
    "keywords/read.ts",
    "minimum exclusiveMinimum maximum exclusiveMaximum",
    "the reading of a bound and of its exclusive form, shared by the four",
  ],
  ["keywords/read.ts", "allOf anyOf oneOf", "the reading of a non-empty list of schemas, shared by the three"],
  ["keywords/enum.ts", "nullable", "OpenAPI 3.0's nullable adds null to an enum"],
  ["keywords/ref.ts", "allOf", "a $dynamicRef beside a $ref is kept as one more allOf member"],
  ["keywords/union.ts", "anyOf oneOf", "what anyOf and oneOf share: their checks and generated code"],
  ["keywords/union.ts", "properties enum", "the branch to blame is picked by a property with one allowed value"],
  [
    "keywords/pattern-properties.ts compile.ts interpret.ts formats/uri.ts evaluated.ts",
    "pattern",
    "a RegExp field: an entry's, an unevaluated pattern's, the URI patterns'",
  ],
  ["equal.ts issue-list.ts pattern-safety.ts", "items", "a local list named items"],
];

const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__ ?? "node";
const sources = suite("a keyword is named in its own module");
const onDisk = env === "node" || env === "node-noeval" ? sources : sources.skip; // reads src/ from the file system

/** The text a keyword name counts in: code, without comments and the fixed text of template literals. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\s\/\/ .*$/gm, "")
    .replace(/`(?:[^`\\]|\\.)*`/g, (literal) => (literal.match(/\$\{[^}]*\}/g) ?? []).join(" "));
}

onDisk("outside its module, a keyword is named only where NAMED_ELSEWHERE says why", async () => {
  const fs = await import(["node", "fs"].join(":"));
  const files = (fs.readdirSync("src/guard", { recursive: true }) as string[])
    .map((file) => file.split("\\").join("/"))
    .filter((file) => file.endsWith(".ts"));
  const text = new Map(files.map((file) => [file, codeOf(fs.readFileSync(`src/guard/${file}`, "utf8") as string)]));
  // Each key's own module: the one whose declaration lists it.
  const home = new Map<string, string>();
  for (const [file, code] of text) {
    for (const match of code.matchAll(/\n {2}keys: \[([^\]]*)\]/g))
      for (const key of match[1]!.matchAll(/"([^"]+)"/g)) home.set(key[1]!, file);
  }
  assert.equal([...home.keys()].sort(), declarations.flatMap((keyword) => keyword.keys).sort());
  const found: string[] = [];
  for (const [key, own] of home) {
    const name = key.replace("$", "\\$");
    const named = new RegExp(`["']${name}["']|\\.${name}\\b|(?:^|[\\s{,(])${name}\\??:`, "m");
    for (const [file, code] of text) if (file !== own && named.test(code)) found.push(`${key} in ${file}`);
  }
  const allowed = NAMED_ELSEWHERE.flatMap(([files, keys]) =>
    files.split(" ").flatMap((file) => (keys === "*" ? [file] : keys.split(" ").map((key) => `${key} in ${file}`))),
  );
  const unexplained = found.filter((entry) => !allowed.includes(entry) && !allowed.includes(entry.split(" in ")[1]!));
  assert.equal(unexplained, [], "named outside its module, with no reason given");
  const stale = allowed.filter((entry) =>
    entry.includes(" in ") ? !found.includes(entry) : !found.some((f) => f.endsWith(` in ${entry}`)),
  );
  assert.equal(stale, [], "a reason for a name no longer there");
});

sources.run();
