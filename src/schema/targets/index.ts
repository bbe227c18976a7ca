import { anthropicStrict, openAIStrict } from "./strict.js";
import { gemini } from "./gemini.js";
import type { Dialect } from "./warnings.js";

const same: Dialect = (schema) => schema;

/**
 * The provider dialects `toJSONSchema` writes. `openai`, `anthropic` and `mcp` take draft 2020-12 as it
 * is (their roots must be objects, checked where tools are made); the strict and Gemini dialects rewrite it.
 */
export const DIALECTS = {
  "draft-2020-12": same,
  openai: same,
  "openai-strict": openAIStrict,
  anthropic: same,
  "anthropic-strict": anthropicStrict,
  gemini,
  mcp: same,
} satisfies Record<string, Dialect>;

export { ConversionError, type ConversionWarning } from "./warnings.js";
