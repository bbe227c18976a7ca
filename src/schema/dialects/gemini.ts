import { ConversionError, withSentence, type Dialect, type Warn } from "./warnings.js";
import { currentDraft } from "./older-drafts.js";
import { objectRoot } from "./wrap.js";
import { setOwn } from "../../util/own.js";
import { refSegment } from "../../util/pointer.js";
import { TUPLES_AND_MAPS } from "./encodings.js";

type Schema = Record<string, unknown>;

/** How many times a recursive type is unrolled before the recursion is cut. @example GEMINI_UNROLL; // 3 */
export const GEMINI_UNROLL = 3;

const COUNTS = ["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"];
const KEPT = /* @__PURE__ */ new Set([
  "title",
  "description",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "default",
  "example",
]);
// Keywords that change nothing a value must be: left out without a warning.
const ANNOTATIONS = /* @__PURE__ */ new Set([
  "$comment",
  "$anchor",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
  "examples",
  "definitions",
]);
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Gemini's `parameters` dialect, an OpenAPI 3.0 subset: upper-case types, `nullable` instead of type lists,
 * no `$ref` (definitions inlined, recursion unrolled `GEMINI_UNROLL` times), `anyOf` for `oneOf`, string-only
 * enums, counts as strings (the SDK's int64), `propertyOrdering`. Tuples and records become objects keyed by
 * position and `{ key, value }` entry lists, decoded back before the function runs. Use
 * `toGeminiFormat({ jsonSchema: true })` for `parametersJsonSchema`, which takes JSON Schema as it is.
 *
 * @example
 * toJSONSchema(t.nullable(t.string()), { target: gemini }); // { type: "STRING", nullable: true }
 */
export const gemini: Dialect = {
  name: "gemini",
  encodings: TUPLES_AND_MAPS,
  write: (schema, warn) => writeGemini(currentDraft(schema), warn),
};

/**
 * Gemini's dialect for function parameters: `gemini`, with an object root (a union or a primitive is
 * wrapped as `{ input: ... }`, which `execute` unwraps). `toGeminiFormat` writes parameters with it; a
 * lone schema (a `responseSchema`) keeps its root.
 *
 * @example
 * toJSONSchema(t.string(), { target: geminiParameters, onIssue });
 * // { type: "OBJECT", properties: { input: { type: "STRING" } }, ... }
 */
export const geminiParameters: Dialect = {
  name: "gemini",
  encodings: TUPLES_AND_MAPS,
  write: (schema, warn) => writeGemini(objectRoot(schema, "gemini", warn), warn),
};

/**
 * Gemini's rules in JSON Schema's spelling, for an OpenAI-compatible endpoint in front of Gemini (Vertex AI's, a
 * gateway's), which takes JSON Schema and hands it on: what Gemini refuses is rewritten as `gemini` does
 * (definitions inlined, recursion unrolled, nothing beside `anyOf`, string enums), with lower-case types,
 * `nullable` as a `"null"` type, counts as numbers, and no `propertyOrdering`.
 *
 * @example
 * toJSONSchema(t.object({ a: t.nullable(t.string()) }), { target: geminiJSON });
 * // { type: "object", properties: { a: { type: ["string", "null"] } }, required: ["a"] }
 */
export const geminiJSON: Dialect = {
  name: "gemini",
  encodings: TUPLES_AND_MAPS,
  write: (schema, warn) => jsonSpelling(writeGemini(objectRoot(schema, "gemini", warn), warn)),
};

/** A Gemini schema node in JSON Schema's spelling (a fresh copy; what `writeGemini` wrote is not shared). */
function jsonSpelling(node: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "propertyOrdering" || key === "nullable") continue;
    if (key === "type" && typeof value === "string") setOwn(out, key, value.toLowerCase());
    else if (COUNTS.includes(key) && typeof value === "string") setOwn(out, key, Number(value));
    else if (key === "properties")
      setOwn(
        out,
        key,
        Object.fromEntries(
          Object.entries(value as Record<string, Schema>).map(([name, child]) => [name, jsonSpelling(child)]),
        ),
      );
    else if (key === "items") setOwn(out, key, jsonSpelling(value as Schema));
    else if (key === "anyOf") setOwn(out, key, (value as Schema[]).map(jsonSpelling));
    else setOwn(out, key, value);
  }
  if (node.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: "null" }];
  }
  return out;
}

// Keys that say something about an object only: never moved into a branch of another type.
const OBJECT_KEYS = new Set(["properties", "required", "propertyOrdering", "minProperties", "maxProperties"]);

/**
 * Gemini 3 and Vertex AI refuse a schema node with `anyOf` and any other field beside it (the Schema
 * reference, https://ai.google.dev/api/caching#Schema, lists anyOf among the fields; the API answers 400
 * to siblings). Each sibling moves into every branch, which means the same (A and (B or C) is (A and B)
 * or (A and C)): a description is put before the branch's own, `required` and `properties` are merged,
 * object keywords go to object branches only.
 */
function anyOfAlone(out: Schema, path: string, warn: Warn): Schema {
  const siblings = Object.keys(out).filter((k) => k !== "anyOf");
  if (!Array.isArray(out.anyOf) || !siblings.length) return out;
  const branches = (out.anyOf as Schema[]).map((branch) => {
    const b: Schema = { ...branch };
    for (const key of siblings) {
      const value = out[key];
      if (OBJECT_KEYS.has(key) && b.type !== undefined && b.type !== "OBJECT") continue;
      if (b[key] === undefined) b[key] = value;
      else if (key === "description") b[key] = join(value, String(b[key]));
      else if (key === "required" || key === "propertyOrdering")
        b[key] = [...new Set([...(value as string[]), ...(b[key] as string[])])];
      else if (key === "properties") b[key] = { ...(value as Schema), ...(b[key] as Schema) };
      else if (key === "nullable") b[key] = b[key] === true || value === true;
      else if (JSON.stringify(b[key]) !== JSON.stringify(value))
        warn(path, `gemini: "${key}" beside anyOf differs from a branch's own; the branch's is kept`);
    }
    if (b.type === undefined && b.properties !== undefined) b.type = "OBJECT";
    return b;
  });
  warn(
    path,
    `gemini refuses fields beside "anyOf"; ${siblings.map((k) => `"${k}"`).join(", ")} moved into each branch`,
  );
  return { anyOf: branches };
}

function writeGemini(schema: Schema, warn: Warn): Schema {
  return new GeminiWriter((schema.$defs ?? {}) as Record<string, Schema>, warn).write(schema, "", []);
}

/** Writes one schema in Gemini's form: `$defs` inlined (recursion cut), tuples and maps in shapes Gemini takes. */
class GeminiWriter {
  constructor(
    private readonly defs: Record<string, Schema>,
    private readonly warn: Warn,
  ) {}

  write(input: unknown, path: string, seen: readonly string[]): Schema {
    if (input === true) return {};
    if (typeof input !== "object" || input === null) {
      throw new ConversionError(
        `gemini: the schema false (no value is valid) at ${path || "/"} cannot be expressed; rewrite the schema without it`,
      );
    }
    const node = input as Schema;
    if (typeof node.$ref === "string") return this.inlined(node, node.$ref, path, seen);
    if (Array.isArray(node.prefixItems)) return this.tuple(node, node.prefixItems as unknown[], path, seen);
    // An object without properties is a map (entry lists), except at the root: parameters are an object.
    const types = typeList(node);
    if (types.includes("object") && !node.properties && node.additionalProperties !== false && path !== "")
      return this.map(node, path, seen);
    return this.plain(node, types, path, seen);
  }

  private inlined(node: Schema, ref: string, path: string, seen: readonly string[]): Schema {
    const name = refSegment(ref.replace(/^#\/\$defs\//, ""));
    const target = Object.hasOwn(this.defs, name) ? this.defs[name] : undefined; // not Object's own "constructor"
    if (!target)
      throw new ConversionError(`gemini: "$ref": ${JSON.stringify(ref)} at ${path || "/"} cannot be inlined`);
    if (seen.filter((s) => s === name).length >= GEMINI_UNROLL) {
      this.warn(path, `gemini has no $ref; the recursive type "${name}" is cut after ${GEMINI_UNROLL} levels`);
      return {
        type: "OBJECT",
        description: `${name} (nested deeper than ${GEMINI_UNROLL} levels: not described)`,
        nullable: true,
      };
    }
    const { $ref: _ref, ...siblings } = node;
    return this.write({ ...target, ...siblings }, path, [...seen, name]);
  }

  // A tuple or record written in another shape: null still allowed, title kept, what else it said described.
  private encoded(
    node: Schema,
    path: string,
    out: Schema,
    note: string,
    what: string,
    implied: (key: string, value: unknown) => boolean,
  ): Schema {
    const notes: string[] = [];
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (
        key === "type" ||
        key === "description" ||
        key === "nullable" ||
        key === "$defs" ||
        ANNOTATIONS.has(key) ||
        implied(key, value)
      )
        continue;
      if (key === "title") out.title = value;
      else {
        notes.push(`${key}: ${JSON.stringify(value)}`);
        if (key !== "default")
          this.warn(
            path,
            `gemini writes ${what} in another shape that cannot carry "${key}"; moved into the description`,
          );
      }
    }
    out.description = withSentence(node.description, notes.length ? `${note} (${notes.join(", ")})` : note);
    if (typeList(node).includes("null") || node.nullable === true) out.nullable = true;
    return out;
  }

  private tuple(node: Schema, items: unknown[], path: string, seen: readonly string[]): Schema {
    const properties: Schema = {};
    items.forEach((item, i) => {
      properties[String(i)] = this.write(item, `${path}/prefixItems/${i}`, seen);
    });
    if (node.items !== undefined && node.items !== false)
      properties.rest = { type: "ARRAY", items: this.write(node.items, `${path}/items`, seen) };
    const out = {
      type: "OBJECT",
      properties,
      required: Object.keys(properties),
      propertyOrdering: Object.keys(properties),
    };
    // Every position is required, and no other item can be written without a rest.
    return this.encoded(
      node,
      path,
      out,
      'A tuple: item i of the list is property "i".',
      "a tuple",
      (key, value) =>
        key === "prefixItems" ||
        key === "items" ||
        (key === "minItems" && value === items.length) ||
        (key === "maxItems" && value === items.length && !properties.rest),
    );
  }

  private map(node: Schema, path: string, seen: readonly string[]): Schema {
    const value =
      typeof node.additionalProperties === "object"
        ? this.write(node.additionalProperties, `${path}/additionalProperties`, seen)
        : { type: "STRING" };
    if (typeof node.additionalProperties !== "object")
      this.warn(path, "gemini: an open object is written as a list of { key, value } entries with string values");
    const out = {
      type: "ARRAY",
      items: {
        type: "OBJECT",
        properties: { key: { type: "STRING" }, value },
        required: ["key", "value"],
        propertyOrdering: ["key", "value"],
      },
    };
    return this.encoded(
      node,
      path,
      out,
      "A map written as a list of { key, value } entries.",
      "a map",
      (key, value) => key === "additionalProperties" || (key === "required" && Array.isArray(value) && !value.length),
    );
  }

  // Any other schema: its types in Gemini's names, each keyword kept, converted, described or refused.
  private plain(node: Schema, types: string[], path: string, seen: readonly string[]): Schema {
    const out: Schema = {};
    const notes: string[] = [];
    const nonNull = types.filter((t) => t !== "null");
    if (types.length && nonNull.length === 0) out.type = "NULL";
    else if (nonNull.length === 1) out.type = nonNull[0]!.toUpperCase();
    else if (nonNull.length > 1) out.anyOf = nonNull.map((t) => ({ type: t.toUpperCase() }));
    if (types.includes("null") && nonNull.length) out.nullable = true;
    for (const key of Object.keys(node)) {
      const why = this.keyword(out, key, node[key], path, seen);
      if (why) {
        notes.push(`${key}: ${JSON.stringify(node[key])}`);
        this.warn(path, `gemini ${why} "${key}"; moved into the description`);
      }
    }
    if (notes.length) out.description = join(out.description, `(${notes.join(", ")})`);
    return anyOfAlone(out, path, this.warn);
  }

  // One keyword written into `out`; a reason when it can only be described.
  private keyword(out: Schema, key: string, value: unknown, path: string, seen: readonly string[]): string | undefined {
    if (key === "type" || key === "$defs" || key === "$schema" || key === "$id") return;
    if (KEPT.has(key)) out[key] = value;
    else if (COUNTS.includes(key)) out[key] = String(value);
    else if (key === "examples" && Array.isArray(value) && value.length) out.example = value[0];
    else if (key === "contentEncoding" && value === "base64") out.format = "byte";
    else if (key === "enum" || key === "const")
      return this.enumOf(out, key === "const" ? [value] : (value as unknown[]));
    else if (key === "properties") this.properties(out, value as Record<string, unknown>, path, seen);
    else if (key === "required") out.required = value;
    else if (key === "propertyOrdering" && Array.isArray(value))
      out.propertyOrdering = value; // Gemini's own keyword, given by the user
    else if (key === "items") out.items = this.write(value, `${path}/items`, seen);
    else if (key === "nullable") {
      if (value === true) out.nullable = true;
    } else if (key === "anyOf" || key === "oneOf") this.branches(out, key, value as unknown[], path, seen);
    else if (key === "additionalProperties") {
      if (value !== false) this.warn(path, "gemini has no additionalProperties; extra properties are not described");
    } else if (key === "not" || key === "allOf") {
      throw new ConversionError(
        `gemini: "${key}" at ${path || "/"} cannot be expressed; rewrite the schema without it`,
      );
    } else if (!ANNOTATIONS.has(key) && !key.startsWith("x-")) return "does not support";
    return undefined;
  }

  private enumOf(out: Schema, values: unknown[]): string | undefined {
    const plain = values.filter((v) => v !== null);
    if (!plain.every((v) => typeof v === "string")) return "enums hold strings only;";
    out.enum = plain;
    out.type ??= "STRING";
    if (plain.length < values.length) out.nullable = true;
    return undefined;
  }

  private properties(out: Schema, props: Record<string, unknown>, path: string, seen: readonly string[]): void {
    const written: Schema = {};
    for (const name of Object.keys(props)) {
      if (props[name] === false) {
        this.warn(`${path}/properties/${name}`, "gemini cannot forbid a property (schema false); left out");
        continue;
      }
      // "Parameter names must start with a letter or an underscore and must only contain chars a-z, A-Z,
      // 0-9, or underscores with a maximum length of 64" (FunctionDeclaration.parameters,
      // https://cloud.google.com/vertex-ai/docs/reference/rest/v1/FunctionDeclaration): refused at the root.
      if (!PROPERTY_NAME.test(name)) {
        this.warn(
          `${path}/properties/${name}`,
          "gemini property names must start with a letter or _ and hold only letters, digits and _ (64 at most)",
          path === "" ? "rejected" : "advice",
        );
      }
      setOwn(written, name, this.write(props[name]!, `${path}/properties/${name}`, seen));
    }
    out.properties = written;
    out.propertyOrdering ??= Object.keys(written);
  }

  private branches(out: Schema, key: string, all: unknown[], path: string, seen: readonly string[]): void {
    const isNull = (b: unknown) => typeof b === "object" && b !== null && (b as Schema).type === "null";
    if (all.some(isNull)) out.nullable = true;
    // A false branch accepts nothing, so leaving it out changes nothing.
    const branches = all.flatMap((b, i) => (b === false || isNull(b) ? [] : [[b, i] as const]));
    if (!branches.length && !out.nullable) this.write(false, `${path}/${key}`, seen);
    const written = branches.map(([b, i]) => this.write(b, `${path}/${key}/${i}`, seen));
    if (written.length > 1) out.anyOf = written;
    else if (written.length === 1) {
      // The one branch left is written in place; the outer description, when there is one, stays.
      const { description, ...rest } = written[0]!;
      Object.assign(out, rest);
      if (out.description === undefined && description !== undefined) out.description = description;
    } else {
      out.type ??= "NULL"; // only null is left
      delete out.nullable;
    }
  }
}

function typeList(schema: Schema): string[] {
  return Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
}

function join(first: unknown, second: string): string {
  return typeof first === "string" && first ? `${first} ${second}` : second;
}
