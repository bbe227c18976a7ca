import { isJSONValue } from "../util/json-value.js";
import { jsonEqual } from "./equal.js";
import { FORMATS, type FormatCheck } from "./format-checks.js";
import { cut } from "../util/text.js";
import { pointerSegment } from "../util/pointer.js";
import { refSegment } from "../util/pointer.js";
import { Resources } from "./resources.js";

// JSON types as bits, so a node's allowed types are one number.
export const NULL = 1, BOOLEAN = 2, INTEGER = 4, NUMBER = 8, STRING = 16, ARRAY = 32, OBJECT = 64;
export const ANY = 127;
const TYPE_BITS = new Map([["null", NULL], ["boolean", BOOLEAN], ["integer", INTEGER], ["number", NUMBER], ["string", STRING], ["array", ARRAY], ["object", OBJECT]]);

/** A declared property of an object node. */
export interface PropertyNode {
  readonly key: string;
  readonly node: Node;
  readonly required: boolean;
}

/**
 * One schema, checked and normalised: what every guard path (generated code, interpreter, errors)
 * reads, so they cannot disagree about what a keyword means. Nodes may form cycles through `ref`.
 * Only the keywords a schema has are set.
 */
export interface Node {
  readonly id: number;
  /** `false` schema (or `not: {}`): nothing matches. */
  never?: boolean;
  /** Allowed JSON types as bits; `ANY` when unconstrained. `NUMBER` includes integers. */
  types: number;
  enum?: readonly unknown[];
  isConst?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  format?: { readonly name: string; readonly check: FormatCheck };
  base64?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  prefixItems?: readonly Node[];
  items?: Node;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  contains?: Node;
  minContains?: number;
  maxContains?: number;
  properties?: readonly PropertyNode[];
  /** Required names that have no entry in `properties`. */
  requiredOnly?: readonly string[];
  patternProperties?: readonly { readonly pattern: RegExp; readonly node: Node }[];
  additionalProperties?: Node;
  propertyNames?: Node;
  minProperties?: number;
  maxProperties?: number;
  allOf?: readonly Node[];
  anyOf?: readonly Node[];
  oneOf?: readonly Node[];
  not?: Node;
  /** `if` with its `then` and `else` (either may be absent); set only when `if` is. */
  if?: Node;
  then?: Node;
  else?: Node;
  /** `dependentRequired` (and draft-07 `dependencies` lists): when `key` is present, so must `required` be. */
  dependentRequired?: readonly { readonly key: string; readonly required: readonly string[] }[];
  /** `dependentSchemas` (and draft-07 `dependencies` schemas): when `key` is present, the object must match `node`. */
  dependentSchemas?: readonly { readonly key: string; readonly node: Node }[];
  /** What properties no other keyword of this node (or of its passing in-place subschemas) evaluated must match. */
  unevaluatedProperties?: Node;
  /** What items no other keyword of this node (or of its passing in-place subschemas) evaluated must match. */
  unevaluatedItems?: Node;
  /** A `$ref`: the node it points to, filled in once the target is read (it may be an ancestor). */
  ref?: { target: Node | undefined; readonly pointer: string };
}

/**
 * The sub-schemas checked against the node's own value: allOf members, anyOf and oneOf branches, not,
 * if/then/else and dependentSchemas (`$ref` aside).
 */
export function sameValueParts(node: Node): Node[] {
  const parts = [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  for (const part of [node.not, node.if, node.then, node.else]) if (part) parts.push(part);
  for (const d of node.dependentSchemas ?? []) parts.push(d.node);
  return parts;
}

/** The sub-schemas checked against the node's items, property values and property names: each one value level down. */
export function childParts(node: Node): Node[] {
  const parts = node.prefixItems ? [...node.prefixItems] : [];
  for (const p of node.properties ?? []) parts.push(p.node);
  for (const p of node.patternProperties ?? []) parts.push(p.node);
  for (const part of [node.items, node.contains, node.additionalProperties, node.propertyNames, node.unevaluatedItems, node.unevaluatedProperties]) {
    if (part) parts.push(part);
  }
  return parts;
}

/** Options that change how a schema is read. */
export interface ReadOptions {
  /** Extra `format` checks by name (a function or a RegExp). */
  readonly formats?: { readonly [name: string]: FormatCheck | RegExp };
  /**
   * The schema comes from someone else (an MCP server, a user): `{ untrusted }` from `tooltype/guard`.
   * A `pattern` that could backtrack catastrophically is refused, and the schema's size is bounded. A value,
   * not a flag, so that apps that never read others' schemas do not ship the pattern check.
   */
  readonly untrusted?: Untrusted;
  /**
   * `false`: `format` and `contentEncoding` are annotations only, as draft 2020-12 reads them by default
   * (nothing is checked, not even the formats given in `formats`). Default `true`: known formats and
   * base64 are checked, as users of a tool schema expect.
   */
  readonly assertFormats?: boolean;
}

/** What `compile(s, { untrusted })` needs: why a pattern could hang (`patternHazard`), or undefined when it cannot. */
export interface Untrusted {
  patternHazard(source: string): string | undefined;
}

// Meta-schemas whose vocabularies are the ones read here; another `$schema` may switch any of them off.
const META_SCHEMAS = new Set([
  "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
  "http://json-schema.org/draft-07/schema", "http://json-schema.org/draft-06/schema", "http://json-schema.org/draft-04/schema",
]);

/** Thrown when a schema cannot be compiled: an unsupported keyword, a bad value, a `$ref` that points nowhere. */
export class SchemaError extends TypeError {
  override readonly name = "SchemaError";
}

const ANNOTATIONS = new Set([
  "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment",
  "$defs", "definitions", "contentMediaType", "contentSchema", "discriminator", "example",
]);

const PROTO_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True for property names that a plain object inherits, which need an own-property test. */
export function isPrototypeKey(key: string): boolean {
  return PROTO_KEYS.has(key);
}

/**
 * Reads a JSON Schema into checked nodes. Throws `SchemaError` naming the keyword and its location for
 * anything the guards do not check: nothing is silently accepted.
 */
export function readSchema(root: unknown, options: ReadOptions = {}): Node {
  const reader = new Reader(root, options);
  const node = reader.read(root, "#");
  reader.resolve();
  return node;
}

/** The one way a schema is refused: what is wrong (a keyword, quoted), where (a JSON Pointer), and why. */
function refuse(what: string, at: string, why: string): SchemaError {
  return new SchemaError(`compile: ${what} at ${at} ${why}`);
}

/** A keyword whose value is not what the keyword takes. */
function mustBe(key: string, at: string, expected: string, value: unknown): SchemaError {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : typeof v === "bigint" ? `${v}n` : v)) ?? String(value);
  } catch {
    text = typeof value; // a cycle
  }
  return refuse(`"${key}"`, at, `must be ${expected}, received ${cut(text, 80)}`);
}

class Reader {
  private nextId = 0;
  private readonly byObject = new Map<object, Node>();
  /** Nodes whose keywords are being read: a schema object met again among them contains itself. */
  private readonly reading = new Set<Node>();
  private readonly refs: { node: Node; at: string; schema: object }[] = [];
  private resources: Resources | undefined;
  /** A `$id` or an anchor was read: references resolve against base URIs, not the root alone. */
  private sawIds = false;

  constructor(private readonly root: unknown, private readonly options: ReadOptions) {}

  read(schema: unknown, at: string): Node {
    if (schema === true) return { id: this.nextId++, types: ANY };
    if (schema === false) return { id: this.nextId++, types: ANY, never: true };
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      throw refuse("the schema", at, `must be an object or a boolean, received ${JSON.stringify(schema)}`);
    }
    const known = this.byObject.get(schema);
    if (known) {
      // A schema object may be shared, but not contain itself: recursion is written with `$ref`.
      if (this.reading.has(known)) throw refuse("the schema", at, "contains itself; write the recursion with $ref (t.recursive does)");
      return known;
    }
    const node: Node = { id: this.nextId++, types: ANY };
    this.byObject.set(schema, node);
    this.reading.add(node);
    // One pass over the keywords the schema has. The few read together (type and enum with nullable and
    // const, items with prefixItems, properties with required) are kept for after the pass.
    let type: unknown, nullable: unknown, list: unknown, items: unknown, prefix: unknown, additionalItems: unknown;
    let properties: unknown, required: unknown, constant: unknown;
    let hasConst = false;
    let conditional: { if?: unknown; then?: unknown; else?: unknown } | undefined;
    for (const key of Object.keys(schema)) {
      const value = (schema as Record<string, unknown>)[key];
      if (value === undefined && key !== "const") continue; // possible in a JavaScript object, never in JSON: absent
      switch (key) {
        case "type": type = value; break;
        case "nullable": nullable = value; break;
        case "enum": list = value; break;
        case "const":
          hasConst = true;
          constant = value;
          break;
        case "items": items = value; break;
        case "prefixItems": prefix = value; break;
        case "additionalItems": additionalItems = value; break;
        case "properties": properties = value; break;
        case "required": required = value; break;
        case "minLength": case "maxLength": case "minItems": case "maxItems":
        case "minContains": case "maxContains": case "minProperties": case "maxProperties":
          node[key] = count(value, key, at);
          break;
        case "minimum": case "maximum": case "exclusiveMinimum": case "exclusiveMaximum": case "multipleOf":
          if (typeof value !== "number" || !Number.isFinite(value) || (key === "multipleOf" && !(value > 0))) {
            throw mustBe(key, at, key === "multipleOf" ? "a positive number" : "a finite number", value);
          }
          node[key] = value;
          break;
        case "pattern": node.pattern = regex(value, key, at, this.options.untrusted); break;
        case "format": node.format = this.format(value, at); break;
        case "contentEncoding":
          // Only base64 is checked (tools decode it to bytes); other encodings are annotations, as in 2020-12.
          if (typeof value !== "string") throw mustBe(key, at, "a string", value);
          if (value === "base64" && this.options.assertFormats !== false) node.base64 = true;
          break;
        case "uniqueItems":
          if (typeof value !== "boolean") throw mustBe(key, at, "a boolean", value);
          if (value) node.uniqueItems = true;
          break;
        case "contains": case "additionalProperties": case "propertyNames": case "not":
        case "unevaluatedProperties": case "unevaluatedItems":
          node[key] = this.read(value, `${at}/${key}`);
          break;
        case "if": case "then": case "else":
          (conditional ??= {})[key] = value;
          break;
        case "dependentRequired": node.dependentRequired = this.dependentRequired(value, key, at); break;
        case "dependentSchemas": node.dependentSchemas = this.dependentSchemas(value, key, at); break;
        case "dependencies": this.dependencies(node, value, at); break;
        case "$id":
          if (typeof value !== "string") throw mustBe(key, at, "a string", value);
          this.sawIds = true;
          break;
        case "$anchor": case "$dynamicAnchor":
          if (typeof value !== "string") throw mustBe(key, at, "a string", value);
          this.sawIds = true;
          break;
        case "$dynamicRef":
          throw refuse(`"$dynamicRef"`, at, "is not supported: which schema it names depends on the path taken at run time; write a $ref");
        case "$schema":
          if (typeof value !== "string" || !META_SCHEMAS.has(value.replace(/#$/, ""))) {
            throw refuse(`"$schema" ${cut(JSON.stringify(value), 80)}`, at, `is not supported: a custom meta-schema may switch vocabularies off, which cannot be read without fetching it (supported: ${[...META_SCHEMAS].join(", ")})`);
          }
          break;
        case "patternProperties": node.patternProperties = this.patterns(value, at); break;
        case "allOf": case "anyOf": case "oneOf":
          if (!Array.isArray(value) || value.length === 0) throw mustBe(key, at, "a non-empty array of schemas", value);
          node[key] = value.map((branch, i) => this.read(branch, `${at}/${key}/${i}`));
          break;
        case "$ref":
          if (typeof value !== "string") throw mustBe(key, at, "a string", value);
          node.ref = { target: undefined, pointer: value };
          this.refs.push({ node, at, schema });
          break;
        default:
          if (!ANNOTATIONS.has(key) && !key.startsWith("x-")) {
            throw refuse(`unsupported keyword "${key}"`, at, "(tooltype does not check it, and ignoring it would let invalid values through)");
          }
      }
    }
    if (type !== undefined) node.types = typeBits(type, at) | (nullable === true ? NULL : 0); // nullable: OpenAPI 3.0, as Gemini writes it
    if (list !== undefined) {
      if (!Array.isArray(list) || !list.every((v) => isJSONValue(v))) throw mustBe("enum", at, "an array of JSON values", list);
      node.enum = nullable === true && !list.includes(null) ? [...list, null] : list;
    }
    if (hasConst) {
      if (!isJSONValue(constant)) throw mustBe("const", at, "a JSON value", constant);
      node.enum = node.enum ? node.enum.filter((v) => jsonEqual(v, constant)) : [constant];
      node.isConst = true;
    }
    // No value left (`enum: []`, or a const the enum lacks): nothing matches, and no message can name one.
    if (node.enum?.length === 0) node.never = true;
    if (items !== undefined || prefix !== undefined || additionalItems !== undefined) this.readItems(node, items, prefix, additionalItems, at);
    if (properties !== undefined || required !== undefined) this.readProperties(node, properties, required, at);
    // `then` and `else` without `if` say nothing (draft 2020-12 section 10.2.2).
    if (conditional?.if !== undefined) {
      node.if = this.read(conditional.if, `${at}/if`);
      if (conditional.then !== undefined) node.then = this.read(conditional.then, `${at}/then`);
      if (conditional.else !== undefined) node.else = this.read(conditional.else, `${at}/else`);
    }
    this.reading.delete(node);
    return node;
  }

  private readItems(node: Node, items: unknown, prefix: unknown, additionalItems: unknown, at: string): void {
    let prefixKey = "prefixItems";
    let itemsKey = "items";
    if (Array.isArray(items)) {
      // Draft-07 tuples (TypeBox 0.34 writes these): items as a list, additionalItems for the rest.
      if (prefix !== undefined) throw refuse(`both "prefixItems" and an array "items"`, at, "(a tuple is one or the other)");
      prefix = items;
      prefixKey = "items";
      items = additionalItems;
      itemsKey = "additionalItems";
    } else if (additionalItems !== undefined) {
      throw refuse(`"additionalItems"`, at, `needs "items" to be an array (draft-07); use "prefixItems" and "items"`);
    }
    if (prefix !== undefined) {
      if (!Array.isArray(prefix)) throw mustBe(prefixKey, at, "an array of schemas", prefix);
      node.prefixItems = prefix.map((p, i) => this.read(p, `${at}/${prefixKey}/${i}`));
    }
    if (items !== undefined) node.items = this.read(items, `${at}/${itemsKey}`);
  }

  private readProperties(node: Node, properties: unknown, required: unknown, at: string): void {
    if (required !== undefined && (!Array.isArray(required) || !required.every((k) => typeof k === "string"))) {
      throw mustBe("required", at, "an array of strings", required);
    }
    // Short lists: includes costs less than building a Set.
    const names = (required ?? []) as string[];
    if (properties !== undefined) {
      if (typeof properties !== "object" || properties === null) throw mustBe("properties", at, "an object", properties);
      const props = properties as Record<string, unknown>;
      node.properties = Object.keys(props).map((key) => ({
        key,
        node: this.read(props[key], `${at}/properties/${pointerSegment(key)}`),
        required: names.includes(key),
      }));
    }
    const undeclared = names.filter((k, i) => names.indexOf(k) === i && !node.properties?.some((p) => p.key === k));
    if (undeclared.length) node.requiredOnly = undeclared;
  }

  private patterns(map: unknown, at: string): Node["patternProperties"] {
    if (typeof map !== "object" || map === null) throw mustBe("patternProperties", at, "an object", map);
    return Object.keys(map).map((source) => ({
      pattern: regex(source, "patternProperties", at, this.options.untrusted),
      node: this.read((map as Record<string, unknown>)[source], `${at}/patternProperties/${pointerSegment(source)}`),
    }));
  }

  /** A known format's check; an unknown format (`int32`, a vendor's own) is an annotation, as 2020-12 says. */
  private format(name: unknown, at: string): Node["format"] {
    if (typeof name !== "string") throw mustBe("format", at, "a string", name);
    if (this.options.assertFormats === false) return undefined;
    const custom = this.options.formats;
    const given = custom && Object.hasOwn(custom, name) ? custom[name] : undefined;
    const check = given instanceof RegExp ? (v: string) => given.test(v) : given ?? (Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined);
    return check ? { name, check } : undefined;
  }

  private dependentRequired(map: unknown, key: string, at: string): Node["dependentRequired"] {
    if (typeof map !== "object" || map === null || Array.isArray(map)) throw mustBe(key, at, "an object of string arrays", map);
    return Object.keys(map).map((name) => {
      const list = (map as Record<string, unknown>)[name];
      if (!Array.isArray(list) || !list.every((k) => typeof k === "string")) throw mustBe(`${key}/${name}`, at, "an array of strings", list);
      return { key: name, required: list as string[] };
    });
  }

  private dependentSchemas(map: unknown, key: string, at: string): Node["dependentSchemas"] {
    if (typeof map !== "object" || map === null || Array.isArray(map)) throw mustBe(key, at, "an object of schemas", map);
    return Object.keys(map).map((name) => ({ key: name, node: this.read((map as Record<string, unknown>)[name], `${at}/${key}/${pointerSegment(name)}`) }));
  }

  // Draft-07 `dependencies`: a list is dependentRequired, a schema dependentSchemas.
  private dependencies(node: Node, map: unknown, at: string): void {
    if (typeof map !== "object" || map === null || Array.isArray(map)) throw mustBe("dependencies", at, "an object", map);
    const lists: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (const name of Object.keys(map)) {
      const value = (map as Record<string, unknown>)[name];
      (Array.isArray(value) ? lists : schemas)[name] = value;
    }
    const required = this.dependentRequired(lists, "dependencies", at)!;
    const nodes = this.dependentSchemas(schemas, "dependencies", at)!;
    if (required.length) node.dependentRequired = [...(node.dependentRequired ?? []), ...required];
    if (nodes.length) node.dependentSchemas = [...(node.dependentSchemas ?? []), ...nodes];
  }

  /** Points every `$ref` at its node; targets are read on demand, so unused `$defs` are never checked. */
  resolve(): void {
    // Duplicate `$id`s are refused even when nothing refers to them (definitions are read on demand).
    const root = this.root as Record<string, unknown> | null;
    if (this.sawIds || (typeof root === "object" && root !== null && (root.$defs !== undefined || root.definitions !== undefined))) this.index();
    for (let i = 0; i < this.refs.length; i++) {
      const { node, at, schema } = this.refs[i]!;
      node.ref!.target = this.read(this.lookup(node.ref!.pointer, schema, at), node.ref!.pointer);
    }
    this.refuseLoops();
  }

  /**
   * Refuses a `$ref` that comes back to the same value (through allOf, anyOf, oneOf, not and `$ref`
   * alone, entering no item or property): checking a value there would never end. Such a loop always
   * holds a `$ref`, since a schema object may not contain itself; the latest one followed is named.
   */
  private refuseLoops(): void {
    const where = new Map(this.refs.map((r) => [r.node, r.at]));
    const done = new Set<Node>();
    const open = new Set<Node>();
    const followed: Node[] = [];
    const visit = (node: Node): void => {
      if (done.has(node)) return;
      if (open.has(node)) {
        const ref = followed[followed.length - 1]!;
        throw refuse(`"$ref" ${JSON.stringify(ref.ref!.pointer)}`, where.get(ref)!, "comes back to the same value without entering an item or a property, so checking it would never end");
      }
      open.add(node);
      for (const next of sameValueParts(node)) visit(next);
      if (node.ref) {
        followed.push(node);
        visit(node.ref.target!);
        followed.pop();
      }
      open.delete(node);
      done.add(node);
    };
    for (const { node } of this.refs) visit(node);
  }

  /**
   * The schema a `$ref` names. Without any `$id` or anchor in the document, `#` and `#/...` are read
   * from the root directly; otherwise the reference is resolved against the base URI of the schema that
   * holds it (a nested `$id` changes it), as a resource, a JSON Pointer into one, or an anchor.
   */
  private lookup(pointer: string, from: object, at: string): unknown {
    if (!this.sawIds && (pointer === "#" || pointer === "")) return this.root;
    if (!this.sawIds && pointer.startsWith("#/")) {
      let here: unknown = this.root;
      // Segment by segment: indexOf and slice cost a third of split.
      for (let start = 2, end = 0; here !== undefined && start <= pointer.length; start = end + 1) {
        end = pointer.indexOf("/", start);
        if (end === -1) end = pointer.length;
        const key = refSegment(pointer.slice(start, end));
        here = typeof here === "object" && here !== null && Object.hasOwn(here, key) ? (here as Record<string, unknown>)[key] : undefined;
      }
      if (here !== undefined) return here;
    } else {
      const found = this.index().find(pointer, from, at);
      if (found !== undefined) return found;
    }
    const absolute = this.index().absolute(pointer, from);
    const remote = !absolute.startsWith("tooltype:");
    throw refuse(
      `"$ref" ${JSON.stringify(pointer)}`,
      at,
      `points to nothing in this schema${remote ? ` (${absolute}: remote references are not fetched; inline the schema under $defs with its $id)` : ""}`,
    );
  }

  // TypeBox's Type.Ref writes `$ref: "Name"` next to a schema with `$id: "Name"`: both resolve to one URI.
  private index(): Resources {
    return (this.resources ??= new Resources(this.root, refuse));
  }
}

/** The bits of a `type` value: one name or a list of names. */
function typeBits(type: unknown, at: string): number {
  return Array.isArray(type) ? type.reduce((bits: number, name) => bits | typeBit(name, at), 0) : typeBit(type, at);
}

function typeBit(name: unknown, at: string): number {
  const bit = typeof name === "string" ? TYPE_BITS.get(name) : undefined;
  if (bit === undefined) throw refuse(`unknown type ${JSON.stringify(name)}`, `${at}/type`, `(known: ${[...TYPE_BITS.keys()].join(", ")})`);
  return bit;
}

function count(value: unknown, key: string, at: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw mustBe(key, at, "a non-negative integer", value);
  return value as number;
}

function regex(source: unknown, key: string, at: string, untrusted?: Untrusted): RegExp {
  if (typeof source !== "string") throw mustBe(key, at, "a string", source);
  const hazard = untrusted?.patternHazard(source); // the one hook of pattern-safety.ts
  if (hazard) throw refuse(`"${key}" ${JSON.stringify(source)}`, at, `is refused for an untrusted schema: ${hazard}`);
  try {
    return new RegExp(source, "u");
  } catch (error) {
    throw refuse(`"${key}" ${JSON.stringify(source)}`, at, `is not a valid regular expression: ${(error as Error).message}`);
  }
}
