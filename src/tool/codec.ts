import { Kind, OptionalMark, RefTarget } from "../t/symbols.js";
import { decodeBase64 } from "../util/base64.js";
import { compile } from "../guard/compile.js";
import { setOwn } from "../util/own.js";

/**
 * Turns arguments between the wire and the function. Built once per tool from its parameter schema
 * (a descriptor, or plain JSON Schema without the descriptor-only decodings).
 *
 * - `normalize` runs before checking: a `null` for an optional property that does not allow null
 *   means "absent" (how strict-mode models say "not given"); strict-mode encodings of tuples (objects
 *   keyed by position) and records (arrays of `{ key, value }`) become arrays and objects again.
 * - `decode` runs after checking: defaults filled in, `Date` for `t.datetime()`, `Uint8Array` for
 *   `t.bytes()`, `Set` for `t.set()`. It builds new values; the input is never changed.
 */
export interface Codec {
  normalize(value: unknown): unknown;
  decode(value: unknown): unknown;
  /** False when decoding cannot change anything (no defaults, no `Date`, `Uint8Array` or `Set`): it can be skipped. */
  readonly decodes: boolean;
}

type Schema = Record<string | symbol, unknown>;

/** Builds the codec of a parameter schema. @example codecOf(t.object({ when: t.datetime() })).decode({ when: "2026-11-22T10:00:00Z" }) */
export function codecOf(root: object): Codec {
  const walker = new Walker(root as Schema);
  return {
    normalize: (value) => walker.walk(root as Schema, value, "normalize", 0),
    decode: (value) => walker.walk(root as Schema, value, "decode", 0),
    decodes: decodesAnything(root as Schema, new Set()),
  };
}

const DECODED_KINDS = new Set(["datetime", "bytes", "set"]);

// Whether any schema below has a default or a kind that decodes to another type (recursion followed once).
function decodesAnything(schema: unknown, seen: Set<unknown>): boolean {
  if (typeof schema !== "object" || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Schema;
  if ("default" in s || DECODED_KINDS.has(s[Kind] as string)) return true;
  const box = s[RefTarget] as { target?: unknown } | undefined;
  if (box?.target && decodesAnything(box.target, seen)) return true;
  return Object.values(s).some((value) => (Array.isArray(value) ? value.some((v) => decodesAnything(v, seen)) : decodesAnything(value, seen)));
}

const MAX_DEPTH = 256;

class Walker {
  private readonly branchGuards = new Map<object, (v: unknown) => boolean>();
  constructor(private readonly root: Schema) {}

  walk(schema: Schema, value: unknown, mode: "normalize" | "decode", depth: number): unknown {
    if (depth > MAX_DEPTH || typeof schema !== "object" || schema === null) return value;
    const target = this.resolve(schema);
    if (target !== schema) return this.walk(target, value, mode, depth + 1);
    const next = (s: unknown, v: unknown) => this.walk(s as Schema, v, mode, depth + 1);
    const kind = schema[Kind];
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (branches && schema.properties === undefined && schema.items === undefined && schema.prefixItems === undefined) {
      // Decode through the branch the checked value matches; normalize through the first whose JSON type fits.
      const branch = mode === "decode" ? branches.find((b) => this.guard(b)(value)) : branches.find((b) => fitsType(this.resolve(b), value));
      return branch ? next(branch, value) : value;
    }

    if (Array.isArray(value)) {
      if (mode === "normalize" && isObjectSchema(schema) && isEntryList(value)) {
        return next(schema, Object.fromEntries(value.map((e) => [e.key, e.value]))); // a strict-mode record
      }
      const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
      const items = schema.items as Schema | undefined;
      const out = value.map((item, i) => (i < prefix.length ? next(prefix[i], item) : items && typeof items === "object" ? next(items, item) : item));
      return mode === "decode" && kind === "set" ? new Set(out) : out;
    }
    if (typeof value === "object" && value !== null) {
      if (mode === "normalize" && Array.isArray(schema.prefixItems) && isPositional(value, schema.prefixItems.length)) {
        return next(schema, fromPositional(value as Record<string, unknown>, schema.prefixItems.length)); // a strict-mode tuple
      }
      return this.object(schema, value as Record<string, unknown>, mode, next);
    }
    if (mode === "decode" && typeof value === "string") {
      if (kind === "datetime") return new Date(value);
      if (kind === "bytes") return decodeBase64(value);
    }
    return value;
  }

  private object(schema: Schema, value: Record<string, unknown>, mode: "normalize" | "decode", next: (s: unknown, v: unknown) => unknown): unknown {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const additional = schema.additionalProperties;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const v = value[key];
      const prop = Object.hasOwn(props, key) ? props[key] : undefined;
      if (prop) {
        if (mode === "normalize" && v === null && !required.has(key) && !allowsNull(this.resolve(prop))) continue;
        setOwn(out, key, next(prop, v));
      } else setOwn(out, key, typeof additional === "object" && additional !== null ? next(additional, v) : v);
    }
    if (mode === "decode") {
      for (const key of Object.keys(props)) {
        const prop = props[key]!;
        if (!Object.hasOwn(out, key) && "default" in prop) setOwn(out, key, next(prop, structuredCopy(prop.default)));
      }
    }
    return out;
  }

  // Follows a recursive self reference or a local $ref to the schema it names.
  private resolve(schema: Schema): Schema {
    const box = schema[RefTarget] as { target?: Schema } | undefined;
    if (box?.target) return box.target;
    const ref = schema.$ref;
    if (typeof ref === "string" && ref.startsWith("#")) {
      let here: unknown = this.root;
      for (const raw of ref.slice(2).split("/").filter(Boolean)) {
        const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
        here = typeof here === "object" && here !== null ? (here as Record<string, unknown>)[key] : undefined;
      }
      if (typeof here === "object" && here !== null) return here as Schema;
    }
    return schema;
  }

  private guard(schema: Schema): (v: unknown) => boolean {
    let guard = this.branchGuards.get(schema);
    if (!guard) {
      try {
        guard = compile(schema[Kind] ? schema : { ...schema, $defs: (this.root as Schema).$defs });
      } catch {
        guard = () => false;
      }
      this.branchGuards.set(schema, guard);
    }
    return guard;
  }
}

// Whether a value's JSON type is one a schema names (no `type`: any).
function fitsType(schema: Schema, value: unknown): boolean {
  const types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (!types) return true;
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return types.includes(type) || (type === "number" && types.includes("integer"));
}

function isObjectSchema(schema: Schema): boolean {
  return schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object"));
}

function allowsNull(schema: Schema): boolean {
  if (schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"))) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (schema.nullable === true) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return branches.some(allowsNull);
  return schema.type === undefined && schema.enum === undefined && schema.$ref === undefined && schema.const === undefined && !schema[OptionalMark] && !schema.not && !branches;
}

function isEntryList(value: unknown[]): value is { key: string; value: unknown }[] {
  return value.every((e) => typeof e === "object" && e !== null && !Array.isArray(e) && typeof (e as { key?: unknown }).key === "string" && "value" in e && Object.keys(e).length === 2);
}

// A tuple written as { "0": ..., "1": ..., rest?: [...] } by a strict or Gemini dialect.
function isPositional(value: object, length: number): boolean {
  const keys = Object.keys(value).filter((k) => k !== "rest" || Array.isArray((value as Record<string, unknown>).rest));
  const positions = keys.filter((k) => k !== "rest");
  return positions.length === length && positions.every((k) => /^(0|[1-9]\d*)$/.test(k) && +k < length) && keys.length >= length;
}

function fromPositional(value: Record<string, unknown>, length: number): unknown[] {
  const items = Array.from({ length }, (_, i) => value[String(i)]);
  return Array.isArray(value.rest) ? [...items, ...value.rest] : items;
}

function structuredCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
