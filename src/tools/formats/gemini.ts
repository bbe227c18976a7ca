import type { JSONSchema } from "../../schema/json-schema.js";
import { gemini, geminiJSON, geminiParameters } from "../../schema/dialects/gemini.js";
import type { Dialect } from "../../schema/dialects/warnings.js";
import { objectRoot } from "../../schema/dialects/wrap.js";
import type { DialectRules, FormatOptions, FormattableTool } from "../format-types.js";
import { checkName, fullDescription, rulesFor, schemaFor } from "../format-rules.js";
import { noCallers } from "./callers.js";

/**
 * A Gemini function declaration.
 *
 * @example
 * {
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: {
 *     type: "OBJECT",
 *     properties: { city: { type: "STRING" } },
 *     propertyOrdering: ["city"],
 *     required: ["city"],
 *   },
 * }
 */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: JSONSchema;
  parametersJsonSchema?: JSONSchema;
  response?: JSONSchema;
  responseJsonSchema?: JSONSchema;
}

// Gemini's rule for tool names: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain
// underscores, dots, colons and dashes, with a maximum length of 64"
// (https://ai.google.dev/api/caching#FunctionDeclaration).
/** The tool names Gemini takes. @example GEMINI_NAMES.test("weather.get"); // true */
export const GEMINI_NAMES = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/**
 * Gemini's schema rules in JSON Schema's spelling (it has no strict form: its strict is a calling mode), for another
 * wire in front of a Gemini model.
 *
 * @example
 * toOpenAIFormat(weather, { dialect: GEMINI_RULES }); // a gateway in front of Gemini
 */
export const GEMINI_RULES: DialectRules = { plain: geminiJSON, strict: geminiJSON };

/** Gemini's `parametersJsonSchema`: JSON Schema as it is, with an object root. */
function geminiJsonSchema(tool: FormattableTool, options: FormatOptions): JSONSchema {
  const plain: Dialect = { name: "gemini", write: (schema, warn) => objectRoot(schema, "gemini", warn) };
  return schemaFor(tool, tool.parameters, plain, "gemini", options);
}

/**
 * A Gemini function declaration: `parameters` in its OpenAPI subset, or `parametersJsonSchema` with `{ jsonSchema: true
 * }`.
 *
 * @example
 * toGeminiFormat(weather).parameters;
 * // { type: "OBJECT", properties: { city: { type: "STRING" } }, propertyOrdering: ["city"], required: ["city"] }
 * toGeminiFormat(weather, { jsonSchema: true }).parametersJsonSchema;
 * // { type: "object", properties: { city: { type: "string" } }, required: ["city"] }
 */
export function toGeminiFormat(
  tool: FormattableTool,
  options: FormatOptions & { jsonSchema?: boolean } = {},
): GeminiFunctionDeclaration {
  const name = checkName(tool, "gemini", GEMINI_NAMES);
  const out: GeminiFunctionDeclaration = { name, description: fullDescription(tool) };
  noCallers(tool, "gemini", options);
  if (options.dialect !== undefined && options.dialect !== GEMINI_RULES) {
    // Another model's rules behind Gemini's wire: JSON Schema, which parametersJsonSchema takes as it is.
    out.parametersJsonSchema = schemaFor(
      tool,
      tool.parameters,
      rulesFor(tool, GEMINI_RULES, "gemini", options).dialect,
      "gemini",
      options,
    );
    if (tool.returns) out.responseJsonSchema = tool.returns;
  } else if (options.jsonSchema) {
    out.parametersJsonSchema = geminiJsonSchema(tool, options);
    if (tool.returns) out.responseJsonSchema = tool.returns;
  } else {
    out.parameters = schemaFor(tool, tool.parameters, geminiParameters, "gemini", options);
    if (tool.returns)
      out.response = schemaFor(tool, tool.returns, gemini, "gemini", {
        ...options,
        onIssue: responseIssues(options),
      });
  }
  return out;
}

// A result schema is not a root the provider takes as parameters: its issues are reported under /response.
function responseIssues(options: FormatOptions): FormatOptions["onIssue"] {
  const handler = options.onIssue;
  return typeof handler === "function" ? (issue) => handler({ ...issue, path: `/response${issue.path}` }) : handler;
}
