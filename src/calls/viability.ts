// Checks a tool call's arguments while they stream: which parts are complete and already valid (`settled`), and
// whether any completion of the text so far could still pass (`viable`). It follows the partial parser's events,
// so each delta costs what the delta holds: a key, a value's first character, a string piece, a completed scalar.
//
// Sound, never alarming falsely: it checks only what holds for every completion (a keyword constrains a value
// whatever other keywords say), and where a value may still be read otherwise it checks nothing. A key may come
// again and `JSON.parse` keeps its last value, so a wrong value is held by the object around it until the whole
// arguments close (taken back if its key comes again); only what no later text undoes (a key the top level forbids,
// one distinct key too many there) is final at once. The tool's guard
// also accepts strict mode's forms: `null` for an optional property, a tuple sent as an object, a record as a
// list of entries. So a `null` where a property is optional, and any other kind where a tuple or record
// is expected, are left unchecked; so is a root that is not an object (the arguments encoded twice as a string).
import type { JSONSchema } from "../schema/json-schema.js";
import { jsonEqual } from "../guard/equal.js";
import { isMultipleOf } from "../guard/values.js";
import { pointerSegment, pointerTarget } from "../util/pointer.js";
import type { ParserEvents } from "./partial-json.js";
import type { ArgumentChecks } from "./stream.js";
import { guardedSchema, type AnyTool } from "../tools/tool.js";

/**
 * Where a streamed call's arguments stand: the JSON Pointers of the arguments' properties that are complete and
 * pass their schema (`""` once the whole arguments object is; at most 256 are listed, so a verdict costs the same
 * however many there are), and whether the text so far can still become arguments the tool accepts (with the
 * reason when not).
 *
 * @example
 * { settled: ["/city"], viable: true }
 * { settled: [], viable: false, reason: 'at /unit: "kel" cannot become one of "celsius", "fahrenheit"' }
 */
export interface PartialVerdict {
  readonly settled: readonly string[];
  readonly viable: boolean;
  readonly reason?: string;
}

type Kind = "object" | "array" | "string" | "number" | "boolean" | "null";
type Schema = Record<string, unknown>;

interface Frame {
  readonly kind: Kind;
  /** The schema every completion of this value must pass; undefined where nothing is checked. */
  readonly schema: Schema | undefined;
  readonly pointer: string;
  /** Every check of the schema is made here and every part so far settled: complete, it is settled. */
  exact: boolean;
  count: number;
  keys?: Set<string>;
  key?: string;
  /**
   * An object's refusals that a later value under the same key would take back (`JSON.parse` keeps a repeated
   * key's last value), by key: final once the whole arguments close.
   */
  pending?: Map<string, string>;
  length: number;
  high: boolean;
  text?: string;
  candidates?: unknown[];
}

// Keywords that say nothing about a value, and the ones checked here; any other leaves a value unsettled.
const ANNOTATIONS = /* @__PURE__ */ new Set([
  "title",
  "description",
  "default",
  "examples",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
  "$anchor",
  "$defs",
  "definitions",
  "contentMediaType",
]);
const CHECKED = /* @__PURE__ */ new Set([
  "type",
  "nullable",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
]);
const MAX_SETTLED = 256;
const KINDS: Record<string, readonly Kind[]> = {
  string: ["string"],
  number: ["number"],
  integer: ["number"],
  boolean: ["boolean"],
  null: ["null"],
  object: ["object"],
  array: ["array"],
};

const kindOf = (value: unknown): Kind =>
  value === null ? "null" : Array.isArray(value) ? "array" : (typeof value as Kind);
const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const own = (schema: Schema, key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);

/**
 * A checker fed by a partial JSON parser's events (`createPartialJSONParser({ events: checker.events })`), for
 * arguments the given JSON Schema describes (a tool's `parameters`, its object root unwrapped).
 *
 * @example
 * const checker = createArgumentChecker({ type: "object", properties: { unit: { enum: ["celsius", "fahrenheit"] } } });
 * const parser = createPartialJSONParser({ events: checker.events });
 * parser.push('{"unit": "kel');
 * checker.verdict();
 * // { settled: [], viable: false, reason: 'at /unit: "kel" cannot become one of "celsius", "fahrenheit"' }
 */
export function createArgumentChecker(root: JSONSchema): { readonly events: ParserEvents; verdict(): PartialVerdict } {
  const checker = new ArgumentChecker(root);
  return {
    events: {
      begin: (kind) => checker.begin(kind),
      key: (name) => checker.key(name),
      text: (piece) => checker.text(piece),
      end: (value) => checker.end(value),
      close: () => checker.close(),
    },
    verdict: () => checker.verdict(),
  };
}

/** The checker's state: the values open (innermost last), what is settled, and the first final refusal. */
class ArgumentChecker {
  private readonly stack: Frame[] = [];
  private settled: readonly string[] = [];
  private listed: PartialVerdict | undefined; // the last verdict, handed out again while nothing changed
  private reason: string | undefined;
  private refusals = 0;
  private readonly patterns = new Map<string, RegExp | null>();
  // Schemas whose `$ref` could not be followed here (a sibling keyword, an anchor, another document).
  private readonly unread = new WeakSet<Schema>();
  /** Whether a schema's own checks are all made here (worked out once a schema: values repeat their schemas). */
  private readonly exactOf = new WeakMap<Schema, boolean>();

  constructor(private readonly root: JSONSchema) {}

  verdict(): PartialVerdict {
    this.listed ??= Object.freeze({
      settled: this.settled,
      viable: this.reason === undefined,
      ...(this.reason !== undefined && { reason: this.reason }),
    });
    return this.listed;
  }

  private final(why: string): void {
    if (this.reason !== undefined) return;
    this.reason = why;
    this.listed = undefined;
  }
  // A refusal of the value at `depth` in the stack (the root is 0): final when it is about the root object itself;
  // otherwise held by the nearest object around it, under the key the value sits in, since a later value under
  // that key (or under a key around it) would replace it.
  private refuse(depth: number, pointer: string, why: string): void {
    this.refusals++;
    const text = `at ${pointer || "/"}: ${why}`;
    const subject = this.stack[depth];
    if (subject) subject.exact = false;
    for (let i = Math.min(depth, this.stack.length) - 1; i >= 0; i--) {
      const holder = this.stack[i]!;
      if (holder.kind !== "object") continue;
      holder.pending ??= new Map();
      if (!holder.pending.has(holder.key!)) holder.pending.set(holder.key!, text);
      return;
    }
    this.final(text);
  }
  private resolve(schema: unknown, hops = 0): Schema | undefined {
    if (schema === true || schema === undefined) return {};
    if (!isSchema(schema)) return undefined; // false, or not a schema: checked by the guard alone
    const ref = own(schema, "$ref");
    if (typeof ref !== "string" || hops > 32) return schema;
    const keys = Object.keys(schema).filter((k) => k !== "$ref" && !ANNOTATIONS.has(k));
    const target = keys.length || !ref.startsWith("#/") ? undefined : this.targetOf(ref);
    if (target === undefined) {
      const rest: Schema = { ...schema, $ref: undefined };
      this.unread.add(rest);
      return rest;
    }
    return this.resolve(target, hops + 1);
  }
  private targetOf(ref: string): unknown {
    try {
      return pointerTarget(this.root, decodeURIComponent(ref.slice(1)));
    } catch {
      return undefined;
    }
  }

  /** Whether this schema's own checks are all made here (worked out once a schema: values repeat their schemas). */
  private exactly(schema: Schema | undefined): boolean {
    if (!schema) return false;
    let known = this.exactOf.get(schema);
    if (known === undefined) {
      known =
        !this.unread.has(schema) &&
        Object.keys(schema).every(
          (k) =>
            ANNOTATIONS.has(k) || CHECKED.has(k) || k.startsWith("x-") || (k === "$ref" && schema[k] === undefined),
        );
      this.exactOf.set(schema, known);
    }
    return known;
  }

  begin(kind: Kind): void {
    const parent = this.stack[this.stack.length - 1];
    const { schema, pointer, optional } = parent
      ? this.child(parent)
      : { schema: this.resolve(this.root), pointer: "", optional: false };
    let checked = schema;
    if (!parent && kind !== "object") checked = undefined; // arguments encoded twice, as a string
    if (checked && ((kind === "null" && optional) || otherForm(checked, kind))) checked = undefined;
    const frame: Frame = {
      kind,
      schema: checked,
      pointer,
      exact: this.exactly(checked),
      count: 0,
      length: 0,
      high: false,
    };
    if (kind === "object") frame.keys = new Set();
    this.stack.push(frame);
    if (checked) this.starts(frame, checked);
  }

  /** The schema of the next value inside `parent`, from its properties or items. */
  private child(parent: Frame): { schema: Schema | undefined; pointer: string; optional: boolean } {
    const index = parent.kind === "array" ? parent.count : parent.key!;
    const pointer = `${parent.pointer}/${pointerSegment(index)}`;
    const depth = this.stack.length - 1;
    parent.count++;
    const schema = parent.schema;
    if (!schema) return { schema: undefined, pointer, optional: false };
    if (parent.kind === "array") {
      const prefix = own(schema, "prefixItems");
      const items =
        Array.isArray(prefix) && parent.count <= prefix.length ? prefix[parent.count - 1] : own(schema, "items");
      if (items === false) this.refuse(depth, pointer, `no item is allowed at index ${parent.count - 1}`);
      const max = own(schema, "maxItems");
      if (typeof max === "number" && parent.count > max) this.refuse(depth, parent.pointer, `more than ${max} items`);
      return { schema: this.resolve(items), pointer, optional: false };
    }
    const key = index as string;
    // Distinct keys: a repeated key replaces its value, it adds no property.
    const max = own(schema, "maxProperties");
    if (typeof max === "number" && parent.keys!.size > max)
      this.refuse(depth, parent.pointer, `more than ${max} properties`);
    const required = own(schema, "required");
    const optional = !(Array.isArray(required) && required.includes(key));
    const properties = own(schema, "properties");
    const named = isSchema(properties) && Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (this.matchesPattern(schema, key)) {
      parent.exact = false;
      return { schema: undefined, pointer, optional };
    }
    if (named !== undefined) return { schema: this.resolve(named), pointer, optional };
    const extra = own(schema, "additionalProperties");
    if (extra === false) this.refuse(depth, pointer, `the property ${JSON.stringify(key)} is not allowed`);
    return { schema: this.resolve(extra), pointer, optional };
  }

  /** A property name is complete: refused at once where the object allows no other. */
  key(name: string): void {
    const frame = this.stack[this.stack.length - 1]!;
    frame.key = name;
    if (frame.keys!.has(name)) this.repeated(frame, name);
    frame.keys!.add(name);
    const schema = frame.schema;
    if (!schema || own(schema, "additionalProperties") !== false) return;
    const properties = own(schema, "properties");
    if (!(isSchema(properties) && Object.hasOwn(properties, name)) && !this.matchesPattern(schema, name)) {
      this.refuse(
        this.stack.length - 1,
        `${frame.pointer}/${pointerSegment(name)}`,
        `the property ${JSON.stringify(name)} is not allowed`,
      );
    }
  }

  /**
   * A key seen again: its earlier value is replaced (`JSON.parse` keeps the last), so what was held against that value
   * is taken back and what was settled of it is no longer listed; the new value is judged as it comes.
   */
  private repeated(frame: Frame, name: string): void {
    frame.pending?.delete(name);
    const pointer = `${frame.pointer}/${pointerSegment(name)}`;
    if (this.settled.some((p) => p === pointer || p.startsWith(`${pointer}/`)))
      this.settled = this.settled.filter((p) => p !== pointer && !p.startsWith(`${pointer}/`));
    this.listed = undefined;
  }

  private matchesPattern(schema: Schema, key: string): boolean {
    const patternProperties = own(schema, "patternProperties");
    if (!isSchema(patternProperties)) return false;
    return Object.keys(patternProperties).some((source) => this.regex(source)?.test(key) ?? true);
  }

  private regex(source: string): RegExp | null {
    if (!this.patterns.has(source)) {
      let compiled: RegExp | null = null;
      for (const flags of ["u", ""]) {
        try {
          compiled = new RegExp(source, flags);
          break;
        } catch {
          // the guard reports a pattern it cannot read
        }
      }
      this.patterns.set(source, compiled);
    }
    return this.patterns.get(source)!;
  }

  /** What can be told from a value's first character: its JSON type, and the enum members it may become. */
  private starts(frame: Frame, schema: Schema): void {
    const depth = this.stack.length - 1;
    const allowed = allowedKinds(schema);
    if (allowed && !allowed.includes(frame.kind))
      return void this.refuse(
        depth,
        frame.pointer,
        `expected ${describe(schema)}, received ${frame.kind === "null" ? "null" : `a${frame.kind === "object" || frame.kind === "array" ? "n" : ""} ${frame.kind}`}`,
      );
    const members = own(schema, "enum");
    const candidates = [
      ...(Array.isArray(members) ? members : []),
      ...(Object.hasOwn(schema, "const") ? [schema.const] : []),
    ].filter((m) => kindOf(m) === frame.kind);
    if (Array.isArray(members) || Object.hasOwn(schema, "const")) {
      if (!candidates.length)
        return void this.refuse(
          depth,
          frame.pointer,
          `no allowed value is a${frame.kind === "object" || frame.kind === "array" ? "n" : ""} ${frame.kind}`,
        );
      frame.candidates = candidates;
      if (frame.kind === "string") frame.text = "";
    } else if (frame.kind === "string" && typeof own(schema, "pattern") === "string") frame.text = "";
  }

  text(piece: string): void {
    const frame = this.stack[this.stack.length - 1]!;
    if (!frame.schema) return;
    frame.length += codePointCount(piece, frame.high);
    const last = piece.charCodeAt(piece.length - 1);
    frame.high = last >= 0xd800 && last <= 0xdbff;
    const max = own(frame.schema, "maxLength");
    if (typeof max === "number" && frame.length - (frame.high ? 1 : 0) > max)
      this.refuse(this.stack.length - 1, frame.pointer, `longer than ${max} characters`);
    if (frame.text === undefined) return;
    frame.text += piece;
    if (frame.candidates) {
      const prefix = frame.text;
      frame.candidates = frame.candidates.filter((m) => (m as string).startsWith(prefix));
      if (!frame.candidates.length)
        this.refuse(
          this.stack.length - 1,
          frame.pointer,
          `${JSON.stringify(preview(prefix))} cannot become ${describeMembers(frame.schema)}`,
        );
    }
  }

  /** A scalar is complete: every check of its schema runs once, on the whole value. */
  end(value: unknown): void {
    const frame = this.stack.pop()!;
    if (frame.schema && !this.passes(frame, value)) frame.exact = false;
    this.finish(frame);
  }

  close(): void {
    const frame = this.stack.pop()!;
    const schema = frame.schema;
    const depth = this.stack.length;
    if (frame.pending?.size) {
      frame.exact = false;
      // What this object held (met before its own checks): held in turn by the object around it, or final at the root.
      for (const why of frame.pending.values()) this.hold(depth, why);
    }
    if (schema && frame.kind === "object") {
      const required = own(schema, "required");
      const missing = Array.isArray(required)
        ? required.filter((k) => typeof k === "string" && !frame.keys!.has(k))
        : [];
      if (missing.length)
        this.refuse(
          depth,
          frame.pointer,
          `missing required ${missing.length === 1 ? "property" : "properties"} ${missing.map((k) => JSON.stringify(k)).join(", ")}`,
        );
      const min = own(schema, "minProperties");
      if (typeof min === "number" && frame.keys!.size < min)
        this.refuse(depth, frame.pointer, `fewer than ${min} properties`);
    } else if (schema && frame.kind === "array") {
      const min = own(schema, "minItems");
      if (typeof min === "number" && frame.count < min) this.refuse(depth, frame.pointer, `fewer than ${min} items`);
    }
    // `enum` and `const` of a container: the guard compares the whole value; not settled here.
    if (frame.candidates) frame.exact = false;
    this.finish(frame);
  }

  // A refusal held by a closed object, passed to the nearest object around it (or made final at the root).
  private hold(depth: number, why: string): void {
    for (let i = depth - 1; i >= 0; i--) {
      const holder = this.stack[i]!;
      if (holder.kind !== "object") continue;
      holder.pending ??= new Map();
      if (!holder.pending.has(holder.key!)) holder.pending.set(holder.key!, why);
      return;
    }
    this.final(why);
  }

  private finish(frame: Frame): void {
    const parent = this.stack[this.stack.length - 1];
    const settles = frame.exact && !this.reason;
    if (parent && !settles) parent.exact = false;
    if (!settles || this.stack.length > 1) return;
    if (!parent) this.settled = [""];
    else if (this.settled.length < MAX_SETTLED) this.settled = [...this.settled, frame.pointer];
    else return;
    this.listed = undefined;
  }

  /** The value against its schema's scalar checks. */
  private passes(frame: Frame, value: unknown): boolean {
    const schema = frame.schema!;
    const depth = this.stack.length;
    if (typeof value === "number" && !Number.isInteger(value) && integerOnly(schema))
      return (this.refuse(depth, frame.pointer, `expected an integer, received ${value}`), false);
    if (frame.candidates && !frame.candidates.some((m) => jsonEqual(m, value)))
      return (this.refuse(depth, frame.pointer, `expected ${describeMembers(schema)}`), false);
    if (typeof value === "string") return this.stringPasses(frame, schema, value);
    if (typeof value === "number") return this.numberPasses(frame, schema, value);
    return true;
  }

  private stringPasses(frame: Frame, schema: Schema, value: string): boolean {
    const min = own(schema, "minLength");
    if (typeof min === "number" && frame.length < min)
      return (this.refuse(this.stack.length, frame.pointer, `shorter than ${min} characters`), false);
    const pattern = own(schema, "pattern");
    if (typeof pattern !== "string") return true;
    const compiled = this.regex(pattern);
    if (!compiled) return false; // left to the guard
    if (!compiled.test(value))
      return (this.refuse(this.stack.length, frame.pointer, `does not match the pattern ${pattern}`), false);
    return true;
  }

  private numberPasses(frame: Frame, schema: Schema, value: number): boolean {
    const before = this.refusals;
    const bound = (key: string, fails: (limit: number) => boolean, words: string) => {
      const limit = own(schema, key);
      if (typeof limit === "number" && fails(limit))
        this.refuse(this.stack.length, frame.pointer, `${value} is ${words} ${limit}`);
      return typeof own(schema, key) === "boolean"; // a draft-04 boolean bound: the guard decides
    };
    const undecided = [
      bound("minimum", (m) => value < m, "less than"),
      bound("maximum", (m) => value > m, "more than"),
      bound("exclusiveMinimum", (m) => value <= m, "not more than"),
      bound("exclusiveMaximum", (m) => value >= m, "not less than"),
    ].some(Boolean);
    const divisor = own(schema, "multipleOf");
    if (typeof divisor === "number" && divisor > 0 && !isMultipleOf(value, divisor))
      this.refuse(this.stack.length, frame.pointer, `${value} is not a multiple of ${divisor}`);
    return !undecided && this.refusals === before;
  }
}

const KINDS_OF = /* @__PURE__ */ new WeakMap<Schema, readonly Kind[] | undefined>();

/** JSON types a schema allows, or undefined when it does not say (worked out once a schema). */
function allowedKinds(schema: Schema): readonly Kind[] | undefined {
  if (KINDS_OF.has(schema)) return KINDS_OF.get(schema);
  const kinds = kindsOf(schema);
  KINDS_OF.set(schema, kinds);
  return kinds;
}

function kindsOf(schema: Schema): readonly Kind[] | undefined {
  const type = own(schema, "type");
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (!names) return undefined;
  const kinds = names.flatMap((name) => KINDS[name as string] ?? []);
  return own(schema, "nullable") === true ? [...kinds, "null"] : kinds;
}

/** Whether `type` allows integers but no other numbers. */
function integerOnly(schema: Schema): boolean {
  const type = own(schema, "type");
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  return names.includes("integer") && !names.includes("number");
}

/**
 * Strict mode's forms, which the guard reads back: a tuple sent as an object keyed "0", "1", ..., and an
 * object (a record) sent as a list of `{ key, value }` entries.
 */
function otherForm(schema: Schema, kind: Kind): boolean {
  if (kind === "object") return Array.isArray(own(schema, "prefixItems")) || Array.isArray(own(schema, "items"));
  if (kind !== "array") return false;
  const kinds = allowedKinds(schema);
  return kinds
    ? kinds.includes("object")
    : isSchema(own(schema, "properties")) || own(schema, "additionalProperties") !== undefined;
}

function codePointCount(piece: string, pendingHigh: boolean): number {
  let n = piece.length;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && (i > 0 ? isHigh(piece.charCodeAt(i - 1)) : pendingHigh)) n--;
  }
  return n;
}
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;

const preview = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);
const describe = (schema: Schema) => {
  const kinds = allowedKinds(schema) ?? [];
  return kinds.length ? kinds.join(" or ") : "another type";
};
function describeMembers(schema: Schema): string {
  const members = own(schema, "enum");
  const list = Array.isArray(members) ? members : [schema.const];
  const shown = list
    .slice(0, 5)
    .map((m) => JSON.stringify(m))
    .join(", ");
  return list.length > 5 ? `one of ${shown}, ...` : list.length > 1 ? `one of ${shown}` : shown;
}

/**
 * The checks `createToolCallStream(provider, { check })` runs on each call's streamed arguments, from the tools the
 * model was given: a checker per call of a tool whose arguments tooltype's guard checks (an object root; a tool
 * checked by another schema library, or sent wrapped, is not checked while it streams).
 *
 * @example
 * const stream = createToolCallStream("openai", { check: checkArguments([weather]) });
 * stream.push(chunk);
 * stream.partial();
 * // [{ id: "call_1", name: "get_weather", arguments: { city: "Pa" }, ..., settled: [], viable: true }]
 */
export function checkArguments(tools: readonly AnyTool[]): ArgumentChecks {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return (name) => {
    const tool = byName.get(name);
    const schema = tool && guardedSchema(tool);
    return schema ? createArgumentChecker(schema) : undefined;
  };
}
