import type { Issue } from "../guard/issue.js";
import { cut } from "../util/text.js";
import type { ModelPart } from "./output.js";

/**
 * What running a tool gives: the value, or an error text a model can act on. Never a thrown exception.
 * `output`, when present, is what the model is sent instead of the value as JSON text: parts (text, JSON,
 * images, files) from the tool's `toModelOutput` or a `modelOutput(...)` its function returned.
 *
 * @example
 * const result = await tool.execute('{"location":"Paris"}');
 * if (result.success) console.log(result.value); else console.log(result.error);
 */
export type ToolResult<T = unknown> =
  | { readonly success: true; readonly value: T; readonly output?: readonly ModelPart[] }
  | { readonly success: false; readonly error: string; readonly issues?: readonly Issue[] };

/** The most issues an error text lists, and its most characters: errors go back into a model's context. */
export const MAX_ERROR_ISSUES = 10;
const MAX_ERROR_LENGTH = 2000;
/** The most issues a failed result carries: a large hostile value can have millions, each an object. */
export const MAX_RESULT_ISSUES = 1000;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A failed result. */
export function failure(error: string, issues?: readonly Issue[]): ToolResult<never> {
  // Strict JSON parsers on a provider's side refuse half a surrogate pair, which an engine's own message
  // may hold (JSON.parse quotes a piece of the input, cut anywhere): each becomes U+FFFD.
  const text = cut(error, MAX_ERROR_LENGTH).replace(LONE_SURROGATE, "\ufffd");
  return issues
    ? {
        success: false,
        error: text,
        issues: issues.length > MAX_RESULT_ISSUES ? issues.slice(0, MAX_RESULT_ISSUES) : issues,
      }
    : { success: false, error: text };
}

/**
 * Writes argument issues as text for the model: what is wrong, where (a JSON Pointer into the
 * arguments), what was expected. Bounded, so a huge bad value cannot flood the conversation.
 *
 * @example
 * issuesText("get_weather", [{ code: "type", path: "/location", message: "Expected string, received integer" }]);
 * // 'Invalid arguments for tool "get_weather":\n- at /location: Expected string, received integer'
 */
export function issuesText(toolName: string, issues: readonly Issue[]): string {
  const shown = issues
    .slice(0, MAX_ERROR_ISSUES)
    .map((i) => `- at ${i.path || "/ (the arguments object)"}: ${i.message}`);
  // More than a result keeps means the list was cut: there are at least that many.
  const more = issues.length - MAX_ERROR_ISSUES;
  if (more > 0) shown.push(`- and ${issues.length > MAX_RESULT_ISSUES ? "at least " : ""}${more} more`);
  return `Invalid arguments for tool "${toolName}":\n${shown.join("\n")}\nFix these and call the tool again.`;
}
