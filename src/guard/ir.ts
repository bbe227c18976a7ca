import { FORMATS, type FormatCheck } from "./formats.js";
import { pointerSegment } from "./issue.js";

// JSON types as bits, so a node's allowed types are one number.
export const NULL = 1, BOOLEAN = 2, INTEGER = 4, NUMBER = 8, STRING = 16, ARRAY = 32, OBJECT = 64;
export const ANY = 127;
const TYPE_BITS: { readonly [name: string]: number } = { null: NULL, boolean: BOOLEAN, integer: INTEGER, number: NUMBER, string: STRING, array: ARRAY, object: OBJECT };

/** A declared property of an object node. */
export interface PropertyNode {
  readonly key: string;
  readonly node: Node;
  readonly required: boolean;
}

/**
 * One schema, checked and normalised: what every guard path (generated code, interpreter, errors)
 * reads, so they cannot disagree about what a keyword means. Nodes may form cycles through `ref`.
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
  /** A `$ref`: the node it points to, filled in once the target is read (it may be an ancestor). */
  ref?: { target: Node | undefined; readonly pointer: string };
}

/** Options that change how a schema is read. */
export interface ReadOptions {
  /** Extra `format` checks by name (a function or a RegExp). */
  readonly formats?: { readonly [name: string]: FormatCheck | RegExp };
}

/** Thrown when a schema cannot be compiled: an unsupported keyword, a bad value, a `$ref` that points nowhere. */
export class SchemaError extends TypeError {
  override readonly name = "SchemaError";
}

const ANNOTATIONS = new Set([
  "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment", "$schema", "$id",
  "$anchor", "$defs", "definitions", "contentMediaType", "contentSchema", "discriminator", "example",
]);

const HANDLED = new Set([
  "type", "enum", "const", "nullable", "minLength", "maxLength", "pattern", "format", "contentEncoding",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains",
  "properties", "required", "patternProperties", "additionalProperties", "propertyNames", "minProperties", "maxProperties",
  "allOf", "anyOf", "oneOf", "not", "$ref",
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

class Reader {
  private nextId = 0;
  private readonly byObject = new Map<object, Node>();
  private readonly refs: { ref: NonNullable<Node["ref"]>; at: string }[] = [];
  private ids: Map<string, unknown> | undefined;

  constructor(private readonly root: unknown, private readonly options: ReadOptions) {}

  read(schema: unknown, at: string): Node {
    if (schema === true) return { id: this.nextId++, types: ANY };
    if (schema === false) return { id: this.nextId++, types: ANY, never: true };
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      throw new SchemaError(`compile: the schema at ${at} must be an object or a boolean, received ${JSON.stringify(schema)}`);
    }
    const known = this.byObject.get(schema);
    if (known) return known;
    const node: Node = { id: this.nextId++, types: ANY };
    this.byObject.set(schema, node);
    const s = schema as Record<string, unknown>;
    for (const key of Object.keys(s)) {
      if (!HANDLED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith("x-")) {
        throw new SchemaError(`compile: unsupported keyword "${key}" at ${at}; tooltype does not check it, and ignoring it would let invalid values through`);
      }
    }
    this.readTypes(node, s, at);
    this.readString(node, s, at);
    this.readNumber(node, s, at);
    this.readArray(node, s, at);
    this.readObject(node, s, at);
    this.readCombinators(node, s, at);
    return node;
  }

  private readTypes(node: Node, s: Record<string, unknown>, at: string): void {
    if (s.type !== undefined) {
      const names = Array.isArray(s.type) ? s.type : [s.type];
      let bits = 0;
      for (const name of names) {
        const bit = typeof name === "string" ? TYPE_BITS[name] : undefined;
        if (bit === undefined) throw new SchemaError(`compile: unknown type ${JSON.stringify(name)} at ${at}/type`);
        bits |= bit;
      }
      node.types = bits;
    }
    if (s.nullable === true && s.type !== undefined) node.types |= NULL; // OpenAPI 3.0, as Gemini writes it
    if (s.enum !== undefined) {
      if (!Array.isArray(s.enum)) throw new SchemaError(`compile: "enum" at ${at} must be an array`);
      node.enum = s.nullable === true && !s.enum.includes(null) ? [...s.enum, null] : s.enum;
    }
    if ("const" in s) {
      node.enum = node.enum ? node.enum.filter((v) => JSON.stringify(v) === JSON.stringify(s.const)) : [s.const];
      node.isConst = true;
    }
  }

  private readString(node: Node, s: Record<string, unknown>, at: string): void {
    node.minLength = this.count(s, "minLength", at);
    node.maxLength = this.count(s, "maxLength", at);
    if (s.pattern !== undefined) node.pattern = this.regex(s.pattern, `${at}/pattern`);
    if (s.format !== undefined) {
      const name = s.format;
      const custom = typeof name === "string" ? this.options.formats?.[name] : undefined;
      const check = custom instanceof RegExp ? (v: string) => custom.test(v) : custom ?? (typeof name === "string" && Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined);
      if (!check) {
        throw new SchemaError(`compile: unknown format ${JSON.stringify(name)} at ${at}; known: ${Object.keys(FORMATS).join(", ")} (add one with compile(schema, { formats: { name: check } }))`);
      }
      node.format = { name: name as string, check };
    }
    if (s.contentEncoding !== undefined) {
      if (s.contentEncoding !== "base64") throw new SchemaError(`compile: unsupported contentEncoding ${JSON.stringify(s.contentEncoding)} at ${at}; only "base64" is checked`);
      node.base64 = true;
    }
  }

  private readNumber(node: Node, s: Record<string, unknown>, at: string): void {
    for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const) {
      const value = s[key];
      if (value === undefined) continue;
      if (typeof value !== "number" || !Number.isFinite(value) || (key === "multipleOf" && !(value > 0))) {
        throw new SchemaError(`compile: "${key}" at ${at} must be a ${key === "multipleOf" ? "positive" : "finite"} number, received ${JSON.stringify(value)}`);
      }
      node[key] = value;
    }
  }

  private readArray(node: Node, s: Record<string, unknown>, at: string): void {
    let items = s.items;
    let prefix = s.prefixItems;
    if (Array.isArray(items)) {
      // Draft-07 tuples (TypeBox 0.34 writes these): items as a list, additionalItems for the rest.
      if (prefix !== undefined) throw new SchemaError(`compile: both "prefixItems" and an array "items" at ${at}`);
      prefix = items;
      items = s.additionalItems;
    } else if (s.additionalItems !== undefined) {
      throw new SchemaError(`compile: "additionalItems" at ${at} needs "items" to be an array (draft-07); use "prefixItems" and "items"`);
    }
    if (prefix !== undefined) {
      if (!Array.isArray(prefix)) throw new SchemaError(`compile: "prefixItems" at ${at} must be an array of schemas`);
      node.prefixItems = prefix.map((p, i) => this.read(p, `${at}/prefixItems/${i}`));
    }
    if (items !== undefined) node.items = this.read(items, `${at}/items`);
    node.minItems = this.count(s, "minItems", at);
    node.maxItems = this.count(s, "maxItems", at);
    if (s.uniqueItems !== undefined) {
      if (typeof s.uniqueItems !== "boolean") throw new SchemaError(`compile: "uniqueItems" at ${at} must be a boolean`);
      node.uniqueItems = s.uniqueItems;
    }
    if (s.contains !== undefined) node.contains = this.read(s.contains, `${at}/contains`);
    node.minContains = this.count(s, "minContains", at);
    node.maxContains = this.count(s, "maxContains", at);
  }

  private readObject(node: Node, s: Record<string, unknown>, at: string): void {
    const required = s.required;
    if (required !== undefined && (!Array.isArray(required) || !required.every((k) => typeof k === "string"))) {
      throw new SchemaError(`compile: "required" at ${at} must be an array of strings`);
    }
    const requiredSet = new Set<string>(required as string[] | undefined);
    if (s.properties !== undefined) {
      if (typeof s.properties !== "object" || s.properties === null) throw new SchemaError(`compile: "properties" at ${at} must be an object`);
      const props = s.properties as Record<string, unknown>;
      node.properties = Object.keys(props).map((key) => ({
        key,
        node: this.read(props[key], `${at}/properties/${pointerSegment(key)}`),
        required: requiredSet.has(key),
      }));
    }
    const declared = new Set(node.properties?.map((p) => p.key));
    const requiredOnly = [...requiredSet].filter((k) => !declared.has(k));
    if (requiredOnly.length) node.requiredOnly = requiredOnly;
    if (s.patternProperties !== undefined) {
      const map = s.patternProperties as Record<string, unknown>;
      node.patternProperties = Object.keys(map).map((source) => ({
        pattern: this.regex(source, `${at}/patternProperties`),
        node: this.read(map[source], `${at}/patternProperties/${pointerSegment(source)}`),
      }));
    }
    if (s.additionalProperties !== undefined) node.additionalProperties = this.read(s.additionalProperties, `${at}/additionalProperties`);
    if (s.propertyNames !== undefined) node.propertyNames = this.read(s.propertyNames, `${at}/propertyNames`);
    node.minProperties = this.count(s, "minProperties", at);
    node.maxProperties = this.count(s, "maxProperties", at);
  }

  private readCombinators(node: Node, s: Record<string, unknown>, at: string): void {
    for (const key of ["allOf", "anyOf", "oneOf"] as const) {
      const list = s[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0) throw new SchemaError(`compile: "${key}" at ${at} must be a non-empty array of schemas`);
      node[key] = list.map((branch, i) => this.read(branch, `${at}/${key}/${i}`));
    }
    if (s.not !== undefined) node.not = this.read(s.not, `${at}/not`);
    if (s.$ref !== undefined) {
      if (typeof s.$ref !== "string") throw new SchemaError(`compile: "$ref" at ${at} must be a string`);
      node.ref = { target: undefined, pointer: s.$ref };
      this.refs.push({ ref: node.ref, at });
    }
  }

  /** Points every `$ref` at its node; targets are read on demand, so unused `$defs` are never checked. */
  resolve(): void {
    for (let i = 0; i < this.refs.length; i++) {
      const { ref, at } = this.refs[i]!;
      ref.target = this.read(this.lookup(ref.pointer, at), ref.pointer);
    }
  }

  private lookup(pointer: string, at: string): unknown {
    if (pointer === "#" || pointer === "") return this.root;
    if (pointer.startsWith("#/")) {
      let here: unknown = this.root;
      for (const raw of pointer.slice(2).split("/")) {
        const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
        here = typeof here === "object" && here !== null && Object.hasOwn(here, key) ? (here as Record<string, unknown>)[key] : undefined;
        if (here === undefined) break;
      }
      if (here !== undefined) return here;
    } else {
      const byId = this.idIndex().get(pointer);
      if (byId !== undefined) return byId;
    }
    throw new SchemaError(`compile: "$ref": ${JSON.stringify(pointer)} at ${at} points to nothing in this schema (only local references are followed)`);
  }

  // TypeBox's Type.Ref writes `$ref: "Name"` next to a schema with `$id: "Name"`.
  private idIndex(): Map<string, unknown> {
    if (this.ids) return this.ids;
    const ids = new Map<string, unknown>();
    const seen = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (typeof value !== "object" || value === null || seen.has(value)) return;
      seen.add(value);
      const id = (value as Record<string, unknown>).$id;
      if (typeof id === "string" && !ids.has(id)) ids.set(id, value);
      for (const child of Object.values(value)) walk(child);
    };
    walk(this.root);
    return (this.ids = ids);
  }

  private count(s: Record<string, unknown>, key: string, at: string): number | undefined {
    const value = s[key];
    if (value === undefined) return undefined;
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw new SchemaError(`compile: "${key}" at ${at} must be a non-negative integer, received ${JSON.stringify(value)}`);
    return value as number;
  }

  private regex(source: unknown, at: string): RegExp {
    if (typeof source !== "string") throw new SchemaError(`compile: the pattern at ${at} must be a string`);
    try {
      return new RegExp(source, "u");
    } catch (error) {
      throw new SchemaError(`compile: the pattern at ${at} is not a valid regular expression: ${(error as Error).message}`);
    }
  }
}
