import { booleansAsObjects, objectRoot } from "./wrap.js";
import type { Dialect, Warn } from "./warnings.js";

const same: Dialect["write"] = (schema) => schema;

/** A provider's own form of draft 2020-12: boolean subschemas as objects, and an object root. */
const provider = (name: string) => (schema: Record<string, unknown>, warn: Warn) =>
  objectRoot(booleansAsObjects(schema), name, warn);

/**
 * Plain JSON Schema, draft 2020-12: what `toJSONSchema` writes without a target.
 *
 * @example
 * toJSONSchema(t.string(), { target: draft202012 }); // { type: "string" }
 */
export const draft202012: Dialect = { name: "draft-2020-12", write: same };

/**
 * OpenAI function calling without strict mode: draft 2020-12, with boolean subschemas written as objects
 * and a root that is an object (a union or a primitive is wrapped as `{ input: ... }`).
 *
 * @example
 * toJSONSchema(params, { target: openai });
 */
export const openai: Dialect = { name: "openai", write: /* @__PURE__ */ provider("openai") };

/**
 * Anthropic tool use (`input_schema`): draft 2020-12, with boolean subschemas written as objects and a
 * root that is an object without a top-level anyOf, oneOf or allOf (otherwise wrapped as `{ input: ... }`).
 *
 * @example
 * toJSONSchema(params, { target: anthropic });
 */
export const anthropic: Dialect = { name: "anthropic", write: /* @__PURE__ */ provider("anthropic") };

/**
 * MCP `inputSchema`: draft 2020-12, always `type: "object"` at the root (otherwise wrapped as
 * `{ input: ... }`), boolean subschemas written as objects.
 *
 * @example
 * toJSONSchema(params, { target: mcp });
 */
export const mcp: Dialect = { name: "mcp", write: /* @__PURE__ */ provider("mcp") };
