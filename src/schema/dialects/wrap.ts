// A root every provider accepts: an object with properties, nothing beside it that a provider refuses.
import { setOwn } from "../../util/own.js";
import { SUBSCHEMAS } from "../subschemas.js";
import { VALUES, currentDraft } from "./older-drafts.js";
import type { Warn } from "./warnings.js";

type Schema = Record<string, unknown>;

/**
 * The property a non-object root is wrapped under: the model sends `{ "input": ... }`.
 *
 * @example
 * tool.execute({ [WRAPPER_KEY]: 3 }); // runs with 3, for parameters t.integer()
 */
export const WRAPPER_KEY = "input";

// At the root, providers take `type: "object"` and nothing that combines schemas: Anthropic's API answers
// "input_schema does not support oneOf, allOf, or anyOf at the top level" (its tool-use docs,
// https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use, ask for an object
// schema; the error is quoted in anthropics/claude-code#27337);
// OpenAI: "root objects must not be anyOf and must be an object"
// (https://platform.openai.com/docs/guides/structured-outputs#root-objects-must-not-be-anyof-and-must-be-an-object);
// MCP: "inputSchema: { type: "object", ... }" (https://modelcontextprotocol.io/specification/2025-06-18/server/tools);
// Gemini: "The schema must describe an object where the properties are the parameters"
// (https://ai.google.dev/api/caching#FunctionDeclaration, parametersJsonSchema).
const NOT_AT_ROOT = [
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "enum",
  "const",
  "$ref",
  "dependentSchemas",
];

/**
 * Whether a schema can be a provider's parameters as it is: `type: "object"` and no combinator, enum or
 * `$ref` beside it. A tool whose parameters are not (a union, a primitive, an object with a top-level
 * `anyOf`) is sent wrapped as `{ input: ... }`, and `execute` unwraps what the model sends.
 *
 * @example
 * isObjectRoot({ type: "object", properties: { q: { type: "string" } } }); // true
 * isObjectRoot({ anyOf: [{ type: "string" }, { type: "number" }] });       // false
 */
export function isObjectRoot(schema: Schema): boolean {
  return schema.type === "object" && !NOT_AT_ROOT.some((key) => schema[key] !== undefined);
}

/**
 * The schema with a root a provider accepts, an older draft's keywords first written in 2020-12 form
 * (`currentDraft`): as it is when `isObjectRoot`, else wrapped under
 * `WRAPPER_KEY` (definitions stay at the root; `$ref`s into the old root are rewritten), reported as a
 * change.
 *
 * @example
 * objectRoot({ type: "string" }, "openai", warn);
 * // { type: "object", properties: { input: { type: "string" } }, required: ["input"], additionalProperties: false }
 */
export function objectRoot(written: Schema, dialect: string, warn: Warn): Schema {
  const schema = currentDraft(written); // every provider's writer starts here
  if (isObjectRoot(schema)) return schema;
  const { $defs, definitions, $schema: _schema, ...inner } = schema;
  warn(
    "",
    `${dialect} takes only an object with properties at the root (no union, primitive or top-level anyOf/oneOf/allOf); written as { "${WRAPPER_KEY}": ... }, which execute unwraps`,
  );
  const out: Schema = {
    type: "object",
    properties: { [WRAPPER_KEY]: rewriteRefs(inner) },
    required: [WRAPPER_KEY],
    additionalProperties: false,
  };
  if ($defs !== undefined) out.$defs = $defs;
  if (definitions !== undefined) out.definitions = definitions;
  return out;
}

// `#` and `#/...` into the old root now point under the wrapper's property; definitions stay where they were.
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== "object" || value === null) return value;
  const out: Schema = {};
  for (const key of Object.keys(value)) {
    const v = (value as Schema)[key];
    const local =
      key === "$ref" &&
      typeof v === "string" &&
      (v === "#" || (v.startsWith("#/") && !v.startsWith("#/$defs/") && !v.startsWith("#/definitions/")));
    setOwn(
      out,
      key,
      local ? `#/properties/${WRAPPER_KEY}${(v as string).slice(1)}` : VALUES.has(key) ? v : rewriteRefs(v),
    );
  }
  return out;
}

/**
 * Boolean subschemas as objects (`true` as `{}`, `false` as `{ not: {} }`): the same meaning, in the
 * form every provider's validator takes; `additionalProperties` and `unevaluatedProperties` keep theirs.
 *
 * @example
 * booleansAsObjects({ type: "object", properties: { a: true, b: false } });
 * // { type: "object", properties: { a: {}, b: { not: {} } } }
 */
export function booleansAsObjects(schema: Schema): Schema {
  return walkSchemas(schema) as Schema;
}

const KEPT_BOOLEAN = new Set(["additionalProperties", "unevaluatedProperties"]);

// Copies only what changes: a schema without boolean subschemas comes back as it is (the emitter's copy is fresh).
function walkSchemas(value: unknown): unknown {
  if (value === true) return {};
  if (value === false) return { not: {} };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  let out: Schema | undefined;
  const keep = (key: string, from: unknown, to: unknown) => {
    if (to === from) return;
    out ??= { ...(value as Schema) };
    setOwn(out, key, to);
  };
  for (const key of Object.keys(value)) {
    const v = (value as Schema)[key];
    // `additionalProperties: false` is what every provider documents (OpenAI's strict mode requires it): kept.
    if (typeof v === "boolean" && KEPT_BOOLEAN.has(key)) continue;
    const slot = SUBSCHEMAS.get(key);
    if (slot === "one") keep(key, v, Array.isArray(v) ? listOf(v) : walkSchemas(v));
    else if (slot === "list" && Array.isArray(v)) keep(key, v, listOf(v));
    else if (slot === "map" && typeof v === "object" && v !== null) {
      let map: Schema | undefined;
      for (const name of Object.keys(v)) {
        const from = (v as Schema)[name];
        const to = walkSchemas(from);
        if (to === from) continue;
        map ??= { ...(v as Schema) };
        setOwn(map, name, to);
      }
      keep(key, v, map ?? v);
    }
  }
  return out ?? value;
}

// A list of subschemas, copied only when one of them changes.
function listOf(list: readonly unknown[]): readonly unknown[] {
  const out = list.map(walkSchemas);
  return out.every((item, i) => item === list[i]) ? list : out;
}
