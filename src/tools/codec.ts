import { Kind, OptionalMark, RefTarget } from "../t/symbols.js";
import { decodeBase64 } from "../util/base64.js";
import type { Guard } from "../guard/compile.js";
import { MAX_DEPTH } from "../guard/values.js";
import { setOwn } from "../util/own.js";
import { refSegment } from "../util/pointer.js";
import { prefixOf, type Encodings } from "../schema/dialects/encodings.js";

/**
 * Turns arguments between the wire and the function. Built once per tool from its parameter schema
 * (a descriptor, or plain JSON Schema without the descriptor-only decodings).
 *
 * - `normalize` runs before checking: a `null` for an optional property that does not allow null
 *   means "absent" (how strict-mode models say "not given"); values in the shapes of the dialects the
 *   tool was written in (`encodings`: a strict dialect's tuples keyed by position, its records as arrays of
 *   `{ key, value }`) become arrays and objects again.
 * - `decode` runs after checking: defaults filled in, `Date` for `t.datetime()`, `Uint8Array` for
 *   `t.bytes()`, `Set` for `t.set()`. It builds new values; the input is never changed.
 */
export interface Codec {
  normalize(value: unknown, encodings?: readonly Encodings[]): unknown;
  decode(value: unknown): unknown;
  /** False when decoding cannot change anything (no defaults, no `Date`, `Uint8Array` or `Set`): it can be skipped. */
  readonly decodes: boolean;
}

type Schema = Record<string | symbol, unknown>;

/**
 * Builds the codec of a parameter schema; `build` (the interpreter's `compile`) checks the branches of a union.
 *
 * @example
 * codecOf(t.object({ when: t.datetime() })).decode({ when: "2026-11-22T10:00:00Z" })
 */
export function codecOf(root: object, build?: (schema: object) => Guard<unknown>): Codec {
  const walker = new Walker(root as Schema, build);
  return {
    normalize: (value, encodings) => walker.normalize(value, encodings ?? []),
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
  return Object.values(s).some((value) =>
    Array.isArray(value) ? value.some((v) => decodesAnything(v, seen)) : decodesAnything(value, seen),
  );
}

class Walker {
  private readonly branchGuards = new Map<object, (v: unknown) => boolean>();
  /** Per normalize call: what a union made of an object value, so no subtree is normalized twice. */
  private unions = new Map<Schema, WeakMap<object, unknown>>();
  /** Per normalize call: the shapes the value may be in besides the schema's own. */
  private encodings: readonly Encodings[] = [];
  constructor(
    private readonly root: Schema,
    private readonly build: ((schema: object) => Guard<unknown>) | undefined,
  ) {}

  normalize(value: unknown, encodings: readonly Encodings[]): unknown {
    const [unions, shapes] = [this.unions, this.encodings]; // restored: a getter in the value may run another normalize
    [this.unions, this.encodings] = [new Map(), encodings];
    try {
      return this.walk(this.root, value, "normalize", 0);
    } finally {
      [this.unions, this.encodings] = [unions, shapes];
    }
  }

  // `refs` counts `$ref` hops, as the guard does: whatever the guard accepts is walked to the end.
  walk(schema: Schema, value: unknown, mode: "normalize" | "decode", refs: number): unknown {
    if (typeof schema !== "object" || schema === null) return value;
    if (mode === "normalize" && (typeof value !== "object" || value === null)) return value; // nothing to undo
    const target = this.resolve(schema);
    if (target !== schema) return refs < MAX_DEPTH ? this.walk(target, value, mode, refs + 1) : value;
    const next = (s: unknown, v: unknown) => this.walk(s as Schema, v, mode, refs);
    const kind = schema[Kind];
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (branches && schema.properties === undefined && schema.items === undefined && schema.prefixItems === undefined) {
      if (mode === "normalize") return this.union(schema, branches, value as object, next);
      const branch = branches.find((b) => this.guard(b)(value)); // decode through the branch the checked value matches
      return branch ? next(branch, value) : value;
    }

    if (mode === "normalize") {
      for (const encodings of this.encodings) {
        const decoded = encodings.decode(schema, value as object); // a tuple or record in a dialect's shape
        if (decoded !== undefined) return next(schema, decoded);
      }
    }
    if (Array.isArray(value)) {
      const prefix = prefixOf(schema) ?? [];
      const items = (Array.isArray(schema.items) ? schema.additionalItems : schema.items) as Schema | undefined;
      const out = value.map((item, i) =>
        i < prefix.length ? next(prefix[i], item) : items && typeof items === "object" ? next(items, item) : item,
      );
      return mode === "decode" && kind === "set" ? new Set(out) : out;
    }
    if (typeof value === "object" && value !== null) {
      return this.object(schema, value as Record<string, unknown>, mode, next);
    }
    if (mode === "decode" && typeof value === "string") {
      if (kind === "datetime") return parseDateTime(value);
      if (kind === "bytes") return decodeBase64(value);
    }
    return value;
  }

  private object(
    schema: Schema,
    value: Record<string, unknown>,
    mode: "normalize" | "decode",
    next: (s: unknown, v: unknown) => unknown,
  ): unknown {
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

  // Normalizes through the first branch that accepts the result. The candidates are the branches whose JSON
  // type fits, or whose shape in a dialect's encodings does (an object for a tuple, an array for a record). When
  // none accepts, the first whose JSON type fits is kept, for the check to report against.
  private union(schema: Schema, branches: Schema[], value: object, next: (s: unknown, v: unknown) => unknown): unknown {
    // A boolean branch has nothing to undo: `false` takes no value, `true` any value as it is.
    const candidates = branches.filter(
      (b) =>
        typeof b === "object" &&
        b !== null &&
        (fitsType(this.resolve(b), value) || this.encodings.some((e) => e.fits(this.resolve(b), value))),
    );
    if (candidates.length <= 1) return candidates.length ? next(candidates[0], value) : value;
    let done = this.unions.get(schema);
    if (done?.has(value)) return done.get(value);
    const outs: unknown[] = []; // when no branch accepts, every one was tried
    let chosen = candidates.findIndex((b, i) => this.guard(b)((outs[i] = next(b, value))));
    if (chosen < 0)
      chosen = Math.max(
        0,
        candidates.findIndex((b) => fitsType(this.resolve(b), value)),
      );
    const out = outs[chosen];
    if (!done) this.unions.set(schema, (done = new WeakMap()));
    done.set(value, out);
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
        const key = refSegment(raw);
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
        // Without a guard builder (a tool whose parameters are a guard) no branch is chosen: the value stays as sent.
        guard =
          typeof schema === "boolean"
            ? () => schema
            : this.build
              ? this.build(schema[Kind] ? schema : inRoot(schema, this.root))
              : () => false;
      } catch {
        guard = () => false;
      }
      this.branchGuards.set(schema, guard);
    }
    return guard;
  }
}

// Where the root's own definitions and "#" can be reached by a branch compiled on its own: "#" (and
// "#/..." into the root itself) becomes a reference to a copy of the root under $defs.
const ROOT_DEF = "tooltype_root";
function inRoot(branch: Schema, root: Schema): Schema {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== "object" || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      const ref =
        key === "$ref" &&
        typeof v === "string" &&
        (v === "#" || (v.startsWith("#/") && !v.startsWith("#/$defs/") && !v.startsWith("#/definitions/")));
      setOwn(out, key, ref ? `#/$defs/${ROOT_DEF}${(v as string).slice(1)}` : rewrite(v));
    }
    return out;
  };
  const copy = rewrite(root) as Schema;
  return {
    ...(rewrite(branch) as Schema),
    $defs: { ...(copy.$defs as object), [ROOT_DEF]: copy },
    ...(copy.definitions !== undefined && { definitions: copy.definitions }),
  };
}

// Whether a value's JSON type is one a schema names (no `type`: any).
function fitsType(schema: Schema, value: unknown): boolean {
  const types =
    schema.type === undefined
      ? undefined
      : Array.isArray(schema.type)
        ? (schema.type as string[])
        : [schema.type as string];
  if (!types) return true;
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return types.includes(type) || (type === "number" && types.includes("integer"));
}

function allowsNull(schema: Schema): boolean {
  if (schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"))) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (schema.nullable === true) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return branches.some(allowsNull);
  return (
    schema.type === undefined &&
    schema.enum === undefined &&
    schema.$ref === undefined &&
    schema.const === undefined &&
    !schema[OptionalMark] &&
    !schema.not &&
    !branches
  );
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time in every form the guard accepts (`t`, `z` or a space; any number of fraction digits,
 * cut to milliseconds). A leap second (`:60`), which `Date` cannot hold, is the last millisecond of its minute:
 * it stays in its minute and day, and after every other instant of that minute.
 */
function parseDateTime(text: string): Date {
  const m = DATE_TIME.exec(text);
  if (!m) return new Date(text);
  const [, year, month, day, hour, minute, second, fraction = "", sign, offsetHour = "0", offsetMinute = "0"] = m;
  const leap = second === "60";
  const east = sign === "-" ? -1 : 1;
  const date = new Date(0);
  date.setUTCFullYear(+year!, +month! - 1, +day!); // not Date.UTC, which reads years 0 to 99 as 1900 to 1999
  date.setUTCHours(
    +hour! - east * +offsetHour,
    +minute! - east * +offsetMinute,
    leap ? 59 : +second!,
    leap ? 999 : +(fraction + "00").slice(0, 3),
  );
  return date;
}

function structuredCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
