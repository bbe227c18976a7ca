import { ConversionError, type Dialect } from "./warnings.js";
import { setOwn } from "../../util/own.js";

type Schema = Record<string, unknown>;

/** How many times a recursive type is unrolled before the recursion is cut. */
export const GEMINI_UNROLL = 3;

const COUNTS = ["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"];
const KEPT = /* @__PURE__ */ new Set(["title", "description", "format", "pattern", "minimum", "maximum", "default"]);
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Gemini's `parameters` dialect, an OpenAPI 3.0 subset: upper-case types, `nullable` instead of type lists,
 * no `$ref` (definitions inlined, recursion unrolled `GEMINI_UNROLL` times), `anyOf` for `oneOf`, string-only
 * enums, counts as strings (the SDK's int64), `propertyOrdering`. Tuples and records become objects keyed by
 * position and `{ key, value }` entry lists, decoded back before the function runs. Use
 * `toGeminiFormat({ jsonSchema: true })` for `parametersJsonSchema`, which takes JSON Schema as it is.
 */
export const gemini: Dialect = (schema, warn) => {
  const defs = (schema.$defs ?? {}) as Record<string, Schema>;
  const write = (node: Schema, path: string, seen: readonly string[]): Schema => {
    if (typeof node !== "object" || node === null) return {};
    if (typeof node.$ref === "string") {
      const name = node.$ref.replace(/^#\/\$defs\//, "");
      const target = defs[name];
      if (!target) throw new ConversionError(`gemini: "$ref": ${JSON.stringify(node.$ref)} at ${path || "/"} cannot be inlined`);
      if (seen.filter((s) => s === name).length >= GEMINI_UNROLL) {
        warn(path, `gemini has no $ref; the recursive type "${name}" is cut after ${GEMINI_UNROLL} levels`);
        return { type: "OBJECT", description: `${name} (nested deeper than ${GEMINI_UNROLL} levels: not described)`, nullable: true };
      }
      const { $ref: _ref, ...siblings } = node;
      return write({ ...target, ...siblings }, path, [...seen, name]);
    }
    if (Array.isArray(node.prefixItems)) {
      const properties: Schema = {};
      (node.prefixItems as Schema[]).forEach((item, i) => (properties[String(i)] = write(item, `${path}/prefixItems/${i}`, seen)));
      if (typeof node.items === "object" && node.items) properties.rest = { type: "ARRAY", items: write(node.items as Schema, `${path}/items`, seen) };
      return { type: "OBJECT", description: join(node.description, "A tuple: item i of the list is property \"i\"."), properties, required: Object.keys(properties), propertyOrdering: Object.keys(properties) };
    }
    const types = typeList(node);
    if (types.includes("object") && !node.properties && node.additionalProperties !== false) {
      const value = typeof node.additionalProperties === "object" ? write(node.additionalProperties as Schema, `${path}/additionalProperties`, seen) : { type: "STRING" };
      if (typeof node.additionalProperties !== "object") warn(path, "gemini: an open object is written as a list of { key, value } entries with string values");
      return {
        type: "ARRAY",
        description: join(node.description, "A map written as a list of { key, value } entries."),
        items: { type: "OBJECT", properties: { key: { type: "STRING" }, value }, required: ["key", "value"], propertyOrdering: ["key", "value"] },
      };
    }

    const out: Schema = {};
    const notes: string[] = [];
    const note = (key: string, why: string) => {
      notes.push(`${key}: ${JSON.stringify(node[key])}`);
      warn(path, `gemini ${why} "${key}"; moved into the description`);
    };
    const nonNull = types.filter((t) => t !== "null");
    if (types.length && nonNull.length === 0) out.type = "NULL";
    else if (nonNull.length === 1) out.type = nonNull[0]!.toUpperCase();
    else if (nonNull.length > 1) out.anyOf = nonNull.map((t) => ({ type: t.toUpperCase() }));
    if (types.includes("null") && nonNull.length) out.nullable = true;

    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === "type" || key === "$defs" || key === "$schema" || key === "$id") continue;
      if (KEPT.has(key)) out[key] = value;
      else if (COUNTS.includes(key)) out[key] = String(value);
      else if (key === "examples" && Array.isArray(value) && value.length) out.example = value[0];
      else if (key === "contentEncoding" && value === "base64") out.format = "byte";
      else if (key === "enum" || key === "const") {
        const values = key === "const" ? [value] : (value as unknown[]);
        const plain = values.filter((v) => v !== null);
        if (plain.every((v) => typeof v === "string")) {
          out.enum = plain;
          out.type ??= "STRING";
          if (plain.length < values.length) out.nullable = true;
        } else note(key, "enums hold strings only;");
      } else if (key === "properties") {
        const props = value as Record<string, Schema>;
        const written: Schema = {};
        for (const name of Object.keys(props)) {
          if (!PROPERTY_NAME.test(name)) warn(`${path}/properties/${name}`, "gemini property names must start with a letter or _ and hold only letters, digits and _ (64 at most)");
          setOwn(written, name, write(props[name]!, `${path}/properties/${name}`, seen));
        }
        out.properties = written;
        out.propertyOrdering = Object.keys(props);
      } else if (key === "required") out.required = value;
      else if (key === "items") out.items = typeof value === "object" && value ? write(value as Schema, `${path}/items`, seen) : {};
      else if (key === "anyOf" || key === "oneOf") {
        const branches = (value as Schema[]).filter((b) => b.type !== "null");
        if (branches.length < (value as Schema[]).length) out.nullable = true;
        const written = branches.map((b, i) => write(b, `${path}/${key}/${i}`, seen));
        if (written.length === 1) Object.assign(out, written[0]);
        else out.anyOf = written;
      } else if (key === "additionalProperties") {
        if (value !== false) warn(path, "gemini has no additionalProperties; extra properties are not described");
      } else if (key === "not" || key === "allOf") {
        throw new ConversionError(`gemini: "${key}" at ${path || "/"} cannot be expressed; rewrite the schema without it`);
      } else if (key === "exclusiveMinimum" || key === "exclusiveMaximum" || key === "multipleOf" || key === "uniqueItems" || key === "patternProperties" || key === "propertyNames" || key === "contains") {
        note(key, "does not support");
      }
    }
    if (notes.length) out.description = join(out.description, `(${notes.join(", ")})`);
    return out;
  };
  return write(schema, "", []);
};

function typeList(schema: Schema): string[] {
  return Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
}

function join(first: unknown, second: string): string {
  return typeof first === "string" && first ? `${first} ${second}` : second;
}
