import { ConversionError, withSentence, type Dialect, type Warn } from "./warnings.js";
import { objectRoot } from "./wrap.js";
import { setOwn } from "../../util/own.js";
import { TUPLES_AND_MAPS } from "./encodings.js";

type Schema = Record<string, unknown>;

/** What a strict dialect allows. */
interface StrictProfile {
  readonly name: string;
  /** Every property required, optional ones made nullable (OpenAI); else `required` kept (Anthropic). */
  readonly allRequired: boolean;
  readonly recursion: boolean;
  /** Keywords kept as they are; any other validation keyword moves into the description. */
  readonly keep: ReadonlySet<string>;
  readonly formats: ReadonlySet<string>;
  /** Keywords the provider refuses outright: removed, and the removal reported. */
  readonly removed: ReadonlySet<string>;
}

const ANNOTATIONS = ["title", "description", "examples", "$comment"];
const STRUCTURE = [
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "const",
  "$ref",
  "$defs",
];

// Pure-annotated (no spreads): a bundle that never writes a strict dialect drops these profiles.
const OPENAI: StrictProfile = {
  name: "openai-strict",
  allRequired: true,
  recursion: true,
  keep: /* @__PURE__ */ new Set(
    /* @__PURE__ */ ANNOTATIONS.concat(STRUCTURE, [
      "pattern",
      "format",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "minItems",
      "maxItems",
    ]),
  ),
  formats: /* @__PURE__ */ new Set([
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
  ]),
  // Strict mode refuses keywords outside its supported subset ("Supported schemas",
  // https://platform.openai.com/docs/guides/structured-outputs#supported-schemas), "$comment" among them.
  // `$schema` only names the draft, which the provider decides: removed rather than moved into the description.
  removed: /* @__PURE__ */ new Set(["$comment", "$schema"]),
};

const ANTHROPIC: StrictProfile = {
  name: "anthropic-strict",
  allRequired: false,
  recursion: false,
  keep: /* @__PURE__ */ new Set(/* @__PURE__ */ ANNOTATIONS.concat(STRUCTURE, ["format", "allOf"])),
  formats: /* @__PURE__ */ new Set([
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
  ]),
  removed: /* @__PURE__ */ new Set(["$schema"]),
};

/**
 * OpenAI strict mode (Structured Outputs): every object closed and fully required, optional properties
 * nullable (the model's `null` means "absent"), `oneOf` as `anyOf`, unsupported keywords moved into the
 * description, tuples as objects keyed by position and records as arrays of `{ key, value }` entries
 * (decoded back before the function runs).
 *
 * @example
 * toJSONSchema(t.object({ city: t.optional(t.string()) }), { target: openaiStrict });
 * // { type: "object", properties: { city: { type: ["string", "null"] } }, additionalProperties: false, required:
 * // ["city"] }
 */
export const openaiStrict: Dialect = {
  name: "openai-strict",
  encodings: TUPLES_AND_MAPS,
  write: (schema, warn) => {
    const out = new StrictWriter(OPENAI, objectRoot(schema, OPENAI.name, warn), warn).root();
    checkOpenAILimits(out, warn);
    return out;
  },
};

/**
 * Anthropic strict tool use: objects closed, `required` kept, no recursion, no numeric or length constraints.
 *
 * @example
 * toJSONSchema(t.object({ n: t.integer({ minimum: 1 }) }), { target: anthropicStrict });
 * // { type: "object", properties: { n: { type: "integer", description: "(minimum: 1)" } }, additionalProperties:
 * // false, required: ["n"] }
 */
export const anthropicStrict: Dialect = {
  name: "anthropic-strict",
  encodings: TUPLES_AND_MAPS,
  write: (schema, warn) => new StrictWriter(ANTHROPIC, objectRoot(schema, ANTHROPIC.name, warn), warn).root(),
};

// OpenAI's documented size limits of a strict schema, "Objects have limitations on nesting depth and size"
// (https://platform.openai.com/docs/guides/structured-outputs#objects-have-limitations-on-nesting-depth-and-size):
// up to 5000 object properties in total, 10 levels of nesting, 1000 enum values across all enums; with
// more than 250 values, one string enum's values at most 15,000 characters; property names, definition
// names, enum and const values at most 120,000 characters in all.
/** @example OPENAI_LIMITS.depth // 10 */
const OPENAI_LIMITS = {
  properties: 5000,
  depth: 10,
  enumValues: 1000,
  largeEnum: 250,
  largeEnumLength: 15_000,
  totalLength: 120_000,
} as const;

/** Reports (as `rejected`) each of OpenAI's strict-mode limits a written schema goes past, with its path. */
function checkOpenAILimits(root: Schema, warn: Warn): void {
  const L = OPENAI_LIMITS;
  let properties = 0,
    enumValues = 0,
    length = 0;
  let deepest: { depth: number; path: string } = { depth: 0, path: "" };
  const textLength = (v: unknown) => (typeof v === "string" ? v.length : 0);
  const visit = (node: unknown, path: string, depth: number): void => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return;
    const s = node as Schema;
    const level = s.properties !== undefined ? depth + 1 : depth;
    if (level > deepest.depth) deepest = { depth: level, path };
    if (s.properties && typeof s.properties === "object") {
      for (const name of Object.keys(s.properties)) {
        properties++;
        length += name.length;
        visit((s.properties as Schema)[name], `${path}/properties/${name}`, level);
      }
    }
    if (Array.isArray(s.enum)) {
      enumValues += s.enum.length;
      const chars = s.enum.reduce((n: number, v) => n + textLength(v), 0);
      length += chars;
      if (s.enum.length > L.largeEnum && chars > L.largeEnumLength) {
        warn(
          path,
          `openai-strict: an enum of more than ${L.largeEnum} string values may hold at most ${L.largeEnumLength} characters in all; this one holds ${chars}`,
          "rejected",
        );
      }
    }
    length += textLength(s.const);
    if (s.items) visit(s.items, `${path}/items`, level);
    if (Array.isArray(s.anyOf)) s.anyOf.forEach((b, i) => void visit(b, `${path}/anyOf/${i}`, level));
    if (s.$defs && typeof s.$defs === "object") {
      for (const name of Object.keys(s.$defs)) {
        length += name.length;
        visit((s.$defs as Schema)[name], `/$defs/${name}`, 0);
      }
    }
  };
  visit(root, "", 0);
  if (deepest.depth > L.depth)
    warn(
      deepest.path,
      `openai-strict allows ${L.depth} levels of nested objects; this schema has ${deepest.depth}`,
      "rejected",
    );
  if (properties > L.properties)
    warn(
      "",
      `openai-strict allows ${L.properties} object properties in all; this schema has ${properties}`,
      "rejected",
    );
  if (enumValues > L.enumValues)
    warn("", `openai-strict allows ${L.enumValues} enum values in all; this schema has ${enumValues}`, "rejected");
  if (length > L.totalLength)
    warn(
      "",
      `openai-strict allows ${L.totalLength} characters of property names, definition names, enum and const values in all; this schema has ${length}`,
      "rejected",
    );
}

const ANY_PRIMITIVE = (): Schema => ({
  anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }],
});

class StrictWriter {
  constructor(
    private readonly profile: StrictProfile,
    private readonly input: Schema,
    private readonly warn: Warn,
  ) {}

  root(): Schema {
    const out = this.node(this.input, "");
    if (out.type !== "object" || out.anyOf)
      throw new ConversionError(`${this.profile.name}: the root must be an object schema`);
    const defs = this.input.$defs as Record<string, Schema> | undefined;
    if (defs) {
      if (!this.profile.recursion && this.isRecursive()) {
        throw new ConversionError(
          `${this.profile.name}: recursive schemas are not supported; flatten the recursion or use the non-strict format`,
        );
      }
      const written: Record<string, unknown> = {};
      for (const name of Object.keys(defs)) setOwn(written, name, this.node(defs[name]!, `/$defs/${name}`));
      out.$defs = written;
    }
    return out;
  }

  private node(input: unknown, path: string): Schema {
    if (input === true) return this.node({}, path);
    if (typeof input !== "object" || input === null) throw this.never(path);
    const schema = input as Schema;
    const out: Schema = {};
    const notes: string[] = [];
    const move = (key: string, what = `"${key}"`) => {
      notes.push(`${key}: ${JSON.stringify(schema[key])}`);
      this.warn(path, `${this.profile.name} does not support ${what}; moved into the description`);
    };

    if (Array.isArray(schema.prefixItems)) return this.tuple(schema, path);
    if (isRecord(schema)) return this.record(schema, path);

    for (const key of Object.keys(schema)) {
      const value = schema[key];
      if (key === "$defs" || key === "default") continue;
      if (this.profile.removed.has(key)) {
        this.warn(path, `${this.profile.name} refuses "${key}"; removed`);
        continue;
      }
      if (key === "properties") out.properties = this.properties(schema, path);
      else if (key === "items") out.items = this.node(value, `${path}/items`);
      else if (key === "anyOf" || key === "oneOf") {
        if (key === "oneOf")
          this.warn(
            path,
            `${this.profile.name} has no "oneOf"; written as "anyOf" (the branches are disjoint when tooltype wrote them)`,
          );
        // A false branch accepts nothing, so leaving it out changes nothing.
        const branches = (value as unknown[]).flatMap((b, i) =>
          b === false ? [] : [this.node(b, `${path}/${key}/${i}`)],
        );
        if (!branches.length) throw this.never(`${path}/${key}`);
        out.anyOf = branches;
      } else if (key === "allOf" && this.profile.keep.has("allOf")) {
        out.allOf = (value as unknown[]).map((b, i) => this.node(b, `${path}/allOf/${i}`));
      } else if (key === "not" || key === "allOf" || key === "if") {
        throw new ConversionError(
          `${this.profile.name}: "${key}" at ${path || "/"} cannot be expressed; rewrite the schema without it`,
        );
      } else if (key === "additionalProperties" || key === "required") continue;
      else if (key === "format" && !this.profile.formats.has(value as string))
        move(key, `the format ${JSON.stringify(value)}`);
      else if (key === "minItems" && !this.profile.keep.has("minItems") && (value as number) <= 1) out.minItems = value;
      else if (this.profile.keep.has(key)) out[key] = value;
      else move(key);
    }
    if ("default" in schema) notes.push(`default: ${JSON.stringify(schema.default)}`);
    // Strict mode needs `items` on every array; `t.tuple([])` (maxItems 0) and untyped arrays have none.
    if (
      (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"))) &&
      out.items === undefined
    ) {
      if (schema.maxItems !== 0)
        this.warn(
          path,
          `${this.profile.name} needs the items of an array typed; any JSON value narrowed to a string, number, boolean or null`,
        );
      out.items = ANY_PRIMITIVE();
    }
    if (isObjectType(schema) || schema.properties) {
      out.type ??= "object";
      out.properties ??= {};
      out.additionalProperties = false;
      const names = Object.keys(out.properties as object);
      const required = new Set((schema.required as string[] | undefined) ?? []);
      out.required = this.profile.allRequired ? names : names.filter((n) => required.has(n));
    }
    if (Object.keys(schema).every((k) => ANNOTATIONS.includes(k) || k === "default")) {
      this.warn(
        path,
        `${this.profile.name} needs a type; any JSON value narrowed to a string, number, boolean or null`,
      );
      Object.assign(out, ANY_PRIMITIVE());
    }
    if (notes.length) out.description = [schema.description, `(${notes.join(", ")})`].filter(Boolean).join(" ");
    return out;
  }

  private properties(schema: Schema, path: string): Schema {
    const props = schema.properties as Record<string, unknown>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const out: Schema = {};
    for (const key of Object.keys(props)) {
      // Every object is closed here, so a property left out stays forbidden.
      if (props[key] === false && !required.has(key)) continue;
      const written = this.node(props[key]!, `${path}/properties/${key}`);
      setOwn(out, key, this.profile.allRequired && !required.has(key) ? withNull(written) : written);
    }
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      this.warn(
        path,
        `${this.profile.name} closes every object; extra properties beside the declared ones are no longer accepted`,
      );
    }
    return out;
  }

  private never(path: string): ConversionError {
    return new ConversionError(
      `${this.profile.name}: the schema false (no value is valid) at ${path || "/"} cannot be expressed; rewrite the schema without it`,
    );
  }

  // A tuple becomes an object keyed by position ("0", "1", ...), a rest item a "rest" array.
  private tuple(schema: Schema, path: string): Schema {
    const items = schema.prefixItems as unknown[];
    const properties: Schema = {};
    items.forEach((item, i) => {
      properties[String(i)] = this.node(item, `${path}/prefixItems/${i}`);
    });
    const rest = schema.items;
    if (rest !== undefined && rest !== false)
      properties.rest = { type: "array", items: this.node(rest, `${path}/items`) };
    const note = `A tuple: item i of the list is property "i"${properties.rest ? ', further items are in "rest"' : ""}.`;
    const out = { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
    // Every position is required, and no other item can be written without a rest.
    const implied = (key: string, value: unknown) =>
      key === "prefixItems" ||
      key === "items" ||
      (key === "minItems" && value === items.length) ||
      (key === "maxItems" && value === items.length && !properties.rest);
    return this.encoded(schema, path, out, note, "a tuple", implied);
  }

  // A record becomes a list of { key, value } entries.
  private record(schema: Schema, path: string): Schema {
    const additional = schema.additionalProperties;
    const value =
      typeof additional === "object" && additional !== null
        ? this.node(additional as Schema, `${path}/additionalProperties`)
        : ANY_PRIMITIVE();
    if (additional === true || additional === undefined)
      this.warn(
        path,
        `${this.profile.name}: an open object is written as a list of { key, value } entries with primitive values`,
      );
    const note = "A map written as a list of { key, value } entries.";
    const out = {
      type: "array",
      items: {
        type: "object",
        properties: { key: { type: "string" }, value },
        required: ["key", "value"],
        additionalProperties: false,
      },
    };
    const implied = (key: string, value: unknown) =>
      key === "additionalProperties" ||
      ((key === "properties" || key === "required") && Object.keys(value as object).length === 0);
    return this.encoded(schema, path, out, note, "a map", implied);
  }

  // A tuple or record encoded as `out`: null still allowed, title kept, what else it said described.
  private encoded(
    schema: Schema,
    path: string,
    out: Schema,
    note: string,
    what: string,
    implied: (key: string, value: unknown) => boolean,
  ): Schema {
    const notes: string[] = [];
    for (const key of Object.keys(schema)) {
      const value = schema[key];
      if (key === "type" || key === "description" || key === "$defs" || implied(key, value)) continue;
      if (this.profile.removed.has(key)) this.warn(path, `${this.profile.name} refuses "${key}"; removed`);
      else if (key === "title" || key === "$comment") out[key] = value;
      else {
        notes.push(`${key}: ${JSON.stringify(value)}`);
        if (key !== "default")
          this.warn(
            path,
            `${this.profile.name} writes ${what} in another shape that cannot carry "${key}"; moved into the description`,
          );
      }
    }
    out.description = withSentence(schema.description, notes.length ? `${note} (${notes.join(", ")})` : note);
    return Array.isArray(schema.type) && schema.type.includes("null") ? withNull(out) : out;
  }

  private isRecursive(): boolean {
    const defs = this.input.$defs as Record<string, unknown>;
    const reaches = (value: unknown, name: string, seen: Set<string>): boolean => {
      if (typeof value !== "object" || value === null) return false;
      const ref = (value as Schema).$ref;
      if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
        const target = ref.slice(8);
        if (target === name) return true;
        if (!seen.has(target)) {
          seen.add(target);
          if (reaches(defs[target], name, seen)) return true;
        }
      }
      return Object.values(value).some((v) => reaches(v, name, seen));
    };
    return Object.keys(defs).some((name) => reaches(defs[name], name, new Set()));
  }
}

function isObjectType(schema: Schema): boolean {
  return schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object"));
}

// A map (t.record) or a free-form object: no `properties`, or empty ones beside an `additionalProperties`
// schema. `properties: {}` alone (t.object({}), a tool without parameters) is an empty object.
function isRecord(schema: Schema): boolean {
  if (!isObjectType(schema) || schema.additionalProperties === false) return false;
  if (!schema.properties) return true;
  return Object.keys(schema.properties).length === 0 && typeof schema.additionalProperties === "object";
}

/** Adds null to what a schema allows: to its type list, its enum, or as an anyOf branch. */
function withNull(schema: Schema): Schema {
  if (schema.type === "null") return schema;
  // A const would refuse the null: it becomes a one-value enum, which takes null beside it.
  if (schema.const !== undefined && schema.enum === undefined) {
    const { const: only, ...rest } = schema;
    return withNull({ ...rest, enum: [only] });
  }
  if (typeof schema.type === "string" && !schema.anyOf) {
    const out: Schema = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.type))
    return schema.type.includes("null")
      ? schema
      : {
          ...schema,
          type: [...schema.type, "null"],
          ...(Array.isArray(schema.enum) && { enum: [...schema.enum, null] }),
        };
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as Schema[]).some((b) => b.type === "null")
      ? schema
      : { ...schema, anyOf: [...(schema.anyOf as Schema[]), { type: "null" }] };
  const { description, ...rest } = schema;
  return { anyOf: [rest, { type: "null" }], ...(description !== undefined && { description }) };
}
