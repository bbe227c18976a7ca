// The reader of `compileDescriptor`: the JSON Schema the `t` builders write (and the same subset written by hand) read
// into the checked form every guard path shares (`Node`), without the keyword list that reads any JSON Schema. A key
// outside the subset is a `SchemaError` that names it, where it is, and what reads it.
import { pointerSegment, refSegment } from "../util/pointer.js";
import { isJSONValue } from "../util/json-value.js";
import { preview } from "../util/text.js";
import { jsonEqual } from "./equal.js";
import { DESCRIPTOR_FORMATS } from "./format-checks.js";
import { ANY, SchemaError, TYPE_BITS, type Node, type PropertyNode } from "./node.js";

/** Keys read as annotations, as `compile` reads them: nothing to check. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "contentMediaType",
  "$defs",
]);

const COUNTS = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"] as const;
const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;
// The formats `compile` checks beyond DESCRIPTOR_FORMATS (FORMATS holds both; a test keeps this list whole).
const COMPILE_FORMATS = ["uri-reference", "uri-template", "json-pointer", "relative-json-pointer", "regex"];
/** A `$ref` found while reading: its node, pointer and where it is. */
type Ref = { node: Node; pointer: string; at: string };
const SCHEMA_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/**
 * Reads a schema of the `t` builders' subset into nodes, `$ref`s into the root's `$defs` (or the root) resolved.
 * Every other keyword, and a `$ref` elsewhere, is a `SchemaError` saying to pass `compile`.
 *
 * @example
 * readDescriptorSchema({ type: "string", minLength: 1 }); // { id: 0, types: STRING, minLength: 1 }
 */
export function readDescriptorSchema(root: object): Node {
  const nodes = new Map<unknown, Node>();
  const reading = new Set<unknown>();
  const refs: Ref[] = [];
  let ids = 0;
  const read = (schema: unknown, at: string): Node => {
    if (typeof schema === "boolean") return schema ? { id: ids++, types: ANY } : { id: ids++, types: ANY, never: true };
    if (typeof schema !== "object" || schema === null || Array.isArray(schema))
      throw refuse(`a schema must be an object or a boolean, received ${typeof schema}`, at);
    let node = nodes.get(schema);
    if (node) {
      if (reading.has(schema))
        throw refuse("a schema object inside itself (a type that refers to itself uses $ref)", at);
      return node;
    }
    node = { id: ids++, types: ANY };
    nodes.set(schema, node);
    reading.add(schema);
    const s = schema as Record<string, unknown>;
    // A key whose value is undefined is absent, as in JSON (a const of undefined is refused as no JSON value).
    for (const key of Object.keys(s))
      if (s[key] !== undefined || key === "const") readKey(s, key, node, at, read, refs);
    reading.delete(schema);
    return node;
  };
  const top = read(root, "#");
  const defs = (root as Record<string, unknown>).$defs;
  if (defs !== undefined && (typeof defs !== "object" || defs === null)) throw mustBe("$defs", "#", "an object", defs);
  for (const name of Object.keys(defs ?? {}))
    read((defs as Record<string, unknown>)[name], `#/$defs/${pointerSegment(name)}`);
  for (const ref of refs)
    ref.node.ref = { target: refTarget(ref.pointer, ref.at, root, top, read), pointer: ref.pointer };
  refuseLoops(refs);
  return top;
}

// A `$ref` that comes back to the same value through `$ref`s and unions alone, entering no item or property: checking
// a value there would never end, so it is refused as compile refuses it (the latest `$ref` followed is named).
function refuseLoops(refs: readonly Ref[]): void {
  const where = new Map(refs.map((ref) => [ref.node, ref]));
  const done = new Set<Node>();
  const open = new Set<Node>();
  const followed: Ref[] = [];
  const visit = (node: Node): void => {
    if (done.has(node)) return;
    if (open.has(node)) {
      const { pointer, at } = followed[followed.length - 1]!;
      throw new SchemaError(
        `compileDescriptor: "$ref" ${JSON.stringify(pointer)} at ${at} comes back to the same value without entering an item or a property, so checking it would never end`,
      );
    }
    open.add(node);
    for (const next of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) visit(next);
    if (node.ref) {
      followed.push(where.get(node)!);
      visit(node.ref.target!);
      followed.pop();
    }
    open.delete(node);
    done.add(node);
  };
  for (const ref of refs) visit(ref.node);
}

type Read = (schema: unknown, at: string) => Node;

// One key of a schema object, read into the node.
function readKey(s: Record<string, unknown>, key: string, node: Node, at: string, read: Read, refs: Ref[]): void {
  const value = s[key];
  if (ANNOTATIONS.has(key) || key.startsWith("x-")) return;
  if ((COUNTS as readonly string[]).includes(key)) {
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw mustBe(key, at, "a non-negative integer", value);
    node[key as (typeof COUNTS)[number]] = value as number;
  } else if ((BOUNDS as readonly string[]).includes(key)) {
    if (typeof value !== "number" || !Number.isFinite(value)) throw mustBe(key, at, "a finite number", value);
    node[key as (typeof BOUNDS)[number]] = value;
  } else readStructure(s, key, value, node, at, read, refs);
}

// The keys that hold sub-schemas, lists, names or references.
function readStructure(
  s: Record<string, unknown>,
  key: string,
  value: unknown,
  node: Node,
  at: string,
  read: Read,
  refs: Ref[],
): void {
  switch (key) {
    case "type":
      node.types = (Array.isArray(value) ? value : [value]).reduce((bits: number, name) => bits | typeBit(name, at), 0);
      return;
    case "enum":
    case "const": {
      if (key === "enum" && !Array.isArray(value)) throw mustBe("enum", at, "an array", value);
      if (!(key === "enum" ? (value as unknown[]) : [value]).every((item) => isJSONValue(item)))
        throw mustBe(key, at, key === "enum" ? "an array of JSON values" : "a JSON value", value);
      // Beside each other (in either order), the enum's values equal to the const.
      const list: readonly unknown[] =
        key === "const"
          ? (node.enum?.filter((item) => jsonEqual(item, value)) ?? [value])
          : (value as unknown[]).filter((item) => !node.isConst || jsonEqual(item, node.enum![0]));
      node.enum = list;
      if (key === "const") node.isConst = true;
      if (!list.length) node.never = true;
      return;
    }
    case "multipleOf":
      if (typeof value !== "number" || !Number.isFinite(value) || !(value > 0))
        throw mustBe(key, at, "a positive number", value);
      node.multipleOf = value;
      return;
    case "uniqueItems":
      if (typeof value !== "boolean") throw mustBe(key, at, "a boolean", value);
      if (value) node.uniqueItems = true;
      return;
    case "$ref":
      if (typeof value !== "string") throw mustBe(key, at, "a string", value);
      refs.push({ node, pointer: value, at });
      return;
    case "$schema":
      if (typeof value !== "string" || !SCHEMA_2020_12.test(value)) throw refuse(`"$schema" ${String(value)}`, at);
      return;
    default:
      readStrings(s, key, value, node, at, read);
  }
}

// A string's keywords, and the keywords holding sub-schemas.
function readStrings(
  s: Record<string, unknown>,
  key: string,
  value: unknown,
  node: Node,
  at: string,
  read: Read,
): void {
  switch (key) {
    case "pattern":
      node.pattern = pattern(value, at);
      return;
    case "format":
      if (typeof value !== "string") throw mustBe(key, at, "a string", value);
      if (Object.hasOwn(DESCRIPTOR_FORMATS, value)) node.format = { name: value, check: DESCRIPTOR_FORMATS[value]! };
      else if (COMPILE_FORMATS.includes(value)) throw refuse(`"format" ${JSON.stringify(value)}`, at);
      return;
    case "contentEncoding":
      if (typeof value !== "string") throw mustBe(key, at, "a string", value);
      if (value === "base64") node.base64 = true;
      return;
    case "items":
      if (Array.isArray(value)) throw refuse('"items" as a list (a draft-07 tuple; 2020-12 writes "prefixItems")', at);
      node.items = read(value, `${at}/items`);
      return;
    case "additionalProperties":
      node.additionalProperties = read(value, `${at}/additionalProperties`);
      return;
    case "prefixItems":
    case "anyOf":
    case "oneOf":
      if (!Array.isArray(value) || (!value.length && key !== "prefixItems"))
        throw mustBe(key, at, `a${key === "prefixItems" ? "n" : " non-empty"} array of schemas`, value);
      node[key] = value.map((item, i) => read(item, `${at}/${key}/${i}`));
      return;
    case "properties":
    case "required":
      if (node.properties === undefined && node.requiredOnly === undefined) readProperties(s, node, at, read);
      return;
    default:
      throw refuse(`unsupported keyword "${key}"`, at, "if it is not a typo,");
  }
}

// `properties` and `required` together: each declared property with whether it is required, and the other names.
function readProperties(s: Record<string, unknown>, node: Node, at: string, read: Read): void {
  const declared = s.properties ?? {};
  if (typeof declared !== "object" || declared === null || Array.isArray(declared))
    throw mustBe("properties", at, "an object", declared);
  const required = s.required ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === "string"))
    throw mustBe("required", at, "an array of strings", required);
  const names = new Set(required as string[]);
  const properties: PropertyNode[] = Object.keys(declared).map((key) => ({
    key,
    node: read((declared as Record<string, unknown>)[key], `${at}/properties/${pointerSegment(key)}`),
    required: names.has(key),
  }));
  if (properties.length) node.properties = properties;
  const alone = [...names].filter((name) => !Object.hasOwn(declared, name));
  if (alone.length) node.requiredOnly = alone;
}

function typeBit(name: unknown, at: string): number {
  const bit = typeof name === "string" ? TYPE_BITS.get(name) : undefined;
  if (bit === undefined)
    throw mustBe("type", at, `one of ${[...TYPE_BITS.keys()].join(", ")}, or a list of them`, name);
  return bit;
}

// A pattern as `compile` reads it: an ECMAScript regular expression with the `u` flag, or without it when only that
// is valid (`[a-z\_]`: an escape other generators write).
function pattern(value: unknown, at: string): RegExp {
  if (typeof value !== "string") throw mustBe("pattern", at, "a string", value);
  try {
    return new RegExp(value, "u");
  } catch (error) {
    try {
      return new RegExp(value);
    } catch {
      throw new SchemaError(
        `compileDescriptor: "pattern" at ${at} is not a valid regular expression: ${(error as Error).message}`,
      );
    }
  }
}

// A `$ref` to the root (`#`) or into the root's `$defs` (`#/$defs/Name`), as the emitter writes them.
function refTarget(pointer: string, at: string, root: object, top: Node, read: Read): Node {
  if (pointer === "#") return top;
  const match = /^#\/\$defs\/([^/]+)$/.exec(pointer);
  const defs = (root as { $defs?: Record<string, unknown> }).$defs;
  const name = match ? refSegment(match[1]!) : undefined;
  if (name === undefined || !defs || !Object.hasOwn(defs, name))
    throw refuse(`"$ref" ${JSON.stringify(pointer)} (only "#" and "#/$defs/<name>" of the root are read here)`, at);
  return read(defs[name], `#/$defs/${match![1]}`);
}

function mustBe(key: string, at: string, expected: string, value: unknown): SchemaError {
  return new SchemaError(`compileDescriptor: "${key}" at ${at} must be ${expected}, received ${shown(value)}`);
}

// A keyword's value as a message shows it: numbers as JavaScript writes them (NaN, 1n), the rest as JSON, cut short.
function shown(value: unknown): string {
  return typeof value === "bigint" ? `${value}n` : typeof value === "number" ? String(value) : preview(value, 80);
}

/**
 * Outside the subset: what it is, where, and the two ways to check it.
 *
 * @example
 * refuse('unsupported keyword "not"', "#/properties/a");
 */
function refuse(what: string, at: string, typo = ""): SchemaError {
  return new SchemaError(
    `compileDescriptor: ${what} at ${at} is outside the JSON Schema the t builders write; ${typo && `${typo} `}pass compile from "tooltype/guard" (a tool's compile option) for full JSON Schema, or use the root entry "tooltype"`,
  );
}
