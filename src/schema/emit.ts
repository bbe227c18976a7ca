import { Kind, Named, RecursiveBox, RefAnnotations, RefTarget } from "../t/symbols.js";
import { setOwn } from "../util/own.js";
import { literalCopier } from "./copier.js";
import type { JSONSchema } from "./json-schema.js";
import { SUBSCHEMAS } from "./subschemas.js";

// The plain draft 2020-12 writer, apart from the provider dialects (./targets/) so that what needs only
// plain JSON Schema (compile) does not bring every dialect writer into a bundle.

/**
 * Writes a descriptor (or a plain JSON Schema) as plain JSON Schema (draft 2020-12): a fresh object, no
 * symbols; named and recursive types once under the root's `$defs`. `toJSONSchema` without a target.
 */
export function emitJSONSchema(schema: object): JSONSchema {
  // Descriptors are frozen, so their JSON is written once; each caller gets its own copy to change.
  const described = Kind in schema;
  const cached = described ? emitted.get(schema) : undefined;
  if (cached) return cached.copy() as JSONSchema;
  const root = emit(schema);
  if (described) emitted.set(schema, new Written(cloneJSON(root)));
  return root;
}

// Copies made key by key before a descriptor's JSON is compiled into literals (which costs about as
// much as 30 to 130 such copies): only JSON asked for again and again pays for compiling.
const COMPILE_AFTER = 64;

/** A descriptor's JSON, written once, and the copies of it handed out. */
class Written {
  private copies = 0;
  private literal: (() => unknown) | undefined;
  constructor(private readonly json: unknown) {}

  copy(): unknown {
    if (this.literal) return this.literal();
    if (++this.copies === COMPILE_AFTER) this.literal = literalCopier(this.json);
    return cloneJSON(this.json);
  }
}

const emitted = new WeakMap<object, Written>();

/**
 * `emitJSONSchema` without its cache of descriptors' JSON: always written anew, the same JSON. For a caller that
 * writes each descriptor's JSON once (compile), so the cache and its literal compiler stay out of its bundle.
 *
 * @example
 * emit(t.object({ a: t.string() })); // { type: "object", properties: { a: { type: "string" } }, required: ["a"] }
 */
export function emit(schema: object): JSONSchema {
  const emitter = new Emitter();
  const root = emitter.node(schema, true) as JSONSchema;
  if (emitter.defs.size) {
    const defs: JSONSchema = { ...(root.$defs as JSONSchema | undefined) };
    for (const [name, def] of emitter.defs) setOwn(defs, name, def.json);
    root.$defs = defs;
  }
  return root;
}

interface Definition {
  source: object;
  /** The reference box of a recursive type (`RefTarget`), which its copies share. */
  box: object | undefined;
  json: JSONSchema | undefined; // undefined while its own body is being written (recursion)
  text: string;
}

class Emitter {
  readonly defs = new Map<string, Definition>();

  node(schema: object, isRoot = false): unknown {
    const s = schema as Record<string | symbol, unknown>;
    const name = s[Named] as string | undefined;
    if (name !== undefined && !(isRoot && !s[RefTarget])) {
      const box = s[RefTarget] as { target?: object } | undefined;
      // A recursive type is known by its box, which its self references and its copies (t.optional) share.
      this.define(name, box ? box.target! : schema);
      return { $ref: `#/$defs/${name}`, ...(s[RefAnnotations] as JSONSchema | undefined) };
    }
    const out: JSONSchema = {};
    for (const key of Object.keys(s)) {
      const value = s[key];
      if (value === undefined) continue;
      const slot = SUBSCHEMAS.get(key);
      // Draft-07 `items` may be a list of subschemas, as TypeBox 0.34's Type.Tuple writes it.
      if (slot !== undefined && slot !== "map" && Array.isArray(value)) out[key] = value.map((v) => this.sub(v));
      else if (slot === "one") out[key] = this.sub(value);
      else if (slot === "map" && typeof value === "object" && value !== null) {
        const map: JSONSchema = {};
        for (const k of Object.keys(value)) setOwn(map, k, this.sub((value as Record<string, unknown>)[k]));
        out[key] = map;
      } else out[key] = cloneJSON(value);
    }
    return prefixForm(out);
  }

  // A subschema: an object is written; anything else (`true`, `false`) is kept as it is.
  private sub(value: unknown): unknown {
    return typeof value === "object" && value !== null ? this.node(value) : cloneJSON(value);
  }

  private define(name: string, body: object): void {
    const existing = this.defs.get(name);
    const box = (body as Record<symbol, object | undefined> | undefined)?.[RecursiveBox]; // a recursive type's, shared by its copies (no body yet: a self reference met while its type is built)
    // Written from this very object, or the same recursive type met again: nothing more to do.
    if (existing && (existing.source === body || (box !== undefined && existing.box === box))) return;
    // Any other type under this name inside the first one's own body, or a recursive type where another
    // type has the name: never the same type (and writing it to compare would never end).
    if (existing && (existing.json === undefined || box !== undefined))
      throw new TypeError(`toJSONSchema: two different types are named "${name}"; give each its own name`);
    const entry: Definition = { source: body, box, json: undefined, text: "" };
    if (!existing) this.defs.set(name, entry);
    const json = this.node(stripName(body)) as JSONSchema;
    if (json.title === undefined) json.title = name;
    const text = JSON.stringify(json);
    if (existing) {
      if (existing.text !== text)
        throw new TypeError(`toJSONSchema: two different types are named "${name}"; give each its own name`);
      return;
    }
    entry.json = json;
    entry.text = text;
  }
}

// Draft 2020-12 writes a tuple as `prefixItems`, the rest as `items`: a draft-07 tuple (`items` a list,
// `additionalItems` the rest, as TypeBox 0.34's Type.Tuple writes it) is rewritten so, here where every
// dialect writer reads from.
function prefixForm(schema: JSONSchema): JSONSchema {
  if (!Array.isArray(schema.items)) return schema;
  const { items, additionalItems, ...rest } = schema;
  return { ...rest, prefixItems: items, ...(additionalItems !== undefined && { items: additionalItems }) };
}

// The body of a named type, written without its name so it is not turned into a $ref again.
function stripName(body: object): object {
  const copy: Record<string | symbol, unknown> = { ...body };
  delete copy[Named];
  delete copy[RefTarget];
  delete copy[RefAnnotations];
  return copy;
}

function cloneJSON(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    // Copied at once, then the items that are objects one by one: most lists (enum, required) hold strings.
    const out = value.slice();
    for (let i = 0; i < out.length; i++) if (typeof out[i] === "object") out[i] = cloneJSON(out[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  // JSON data (plain objects, own keys): for-in sees exactly the own enumerable keys, without an array.
  for (const key in value) setOwn(out, key, cloneJSON((value as Record<string, unknown>)[key]));
  return out;
}
