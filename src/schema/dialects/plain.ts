import type { Dialect } from "./warnings.js";

const same: Dialect["write"] = (schema) => schema;

/**
 * Plain JSON Schema, draft 2020-12: what `toJSONSchema` writes without a target.
 *
 * @example
 * toJSONSchema(t.string(), { target: draft202012 }); // { type: "string" }
 */
export const draft202012: Dialect = { name: "draft-2020-12", write: same };

/**
 * OpenAI function calling without strict mode: draft 2020-12 as it is (the root must be an object,
 * checked where tools are made).
 *
 * @example
 * toJSONSchema(params, { target: openai });
 */
export const openai: Dialect = { name: "openai", write: same };

/**
 * Anthropic tool use (`input_schema`): draft 2020-12 as it is.
 *
 * @example
 * toJSONSchema(params, { target: anthropic });
 */
export const anthropic: Dialect = { name: "anthropic", write: same };

/**
 * MCP `inputSchema`: draft 2020-12 as it is.
 *
 * @example
 * toJSONSchema(params, { target: mcp });
 */
export const mcp: Dialect = { name: "mcp", write: same };
