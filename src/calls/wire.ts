import type { RequestOptions } from "./types.js";
import type { FormatOptions } from "../tools/provider-formats.js";
import type { ToolResult } from "../tools/result.js";
import { jsonData } from "../util/json-data.js";

/**
 * The arguments of a call: the parsed object, or the raw text when it is not JSON (reported later, not thrown).
 * None given (missing, empty, or JSON `null`, as Cohere sends for a call without parameters) is `{}`.
 *
 * @example
 * parseArguments('{"a":1}'); // { a: 1 }
 * parseArguments('{"a":');   // '{"a":'
 * parseArguments("null");    // {}
 */
export function parseArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? {};
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw) ?? {};
  } catch {
    return raw;
  }
}

/**
 * A tool's result as the text a provider expects: strings as they are, other values as JSON (BigInts,
 * Sets, Maps and cycles included: see `jsonData`), errors as their text.
 *
 * @example
 * resultText({ success: true, value: { temp: 21 } }); // '{"temp":21}'
 */
export function resultText(result: ToolResult): string {
  if (!result.success) return result.error;
  const value = result.value;
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(resultData(value)) ?? "null";
}

/**
 * The value as JSON data, for providers that take objects (Gemini, Bedrock, MCP `structuredContent`).
 *
 * @example
 * resultData(new Set([1, 2])); // [1, 2]
 */
export function resultData(value: unknown): unknown {
  return jsonData(value) ?? null;
}

/**
 * Reads `object.a ?? object.b` for SDKs that spell a field in camelCase and the wire in snake_case.
 *
 * @example
 * field({ finish_reason: "stop" }, "finishReason", "finish_reason"); // "stop"
 */
export function field<T = unknown>(object: unknown, ...names: string[]): T | undefined {
  if (typeof object !== "object" || object === null) return undefined;
  for (const name of names) {
    const value = (object as Record<string, unknown>)[name];
    if (value !== undefined) return value as T;
  }
  return undefined;
}

/**
 * An array field, or an empty array.
 *
 * @example
 * list({ choices: [1] }, "choices"); // [1]
 */
export function list(object: unknown, ...names: string[]): unknown[] {
  const value = field(object, ...names);
  return Array.isArray(value) ? value : [];
}

/**
 * A stable id for a call its provider gave none (Gemini, Ollama): the same response always gets the same ids.
 *
 * @example
 * generatedId("get_weather", 0); // "tooltype_call_0_get_weather"
 */
export function generatedId(name: string, index: number): string {
  return `${GENERATED}${index}_${name}`;
}

/**
 * The prefix of generated ids, which are never sent back to the provider.
 *
 * @example
 * id.startsWith(GENERATED);
 */
export const GENERATED = "tooltype_call_";

/**
 * The format options a request's options carry (strictness, the model's schema rules, where issues go).
 *
 * @example
 * tools.map((t) => toOpenAIFormat(t, formatOptions({ strict: "prefer", dialect: GEMINI_RULES })));
 */
export function formatOptions(options: RequestOptions): FormatOptions {
  return {
    ...(options.strict !== undefined && { strict: options.strict }),
    ...(options.dialect !== undefined && { dialect: options.dialect }),
    ...(options.onIssue && { onIssue: options.onIssue }),
  };
}

/**
 * The value as a record to read and copy, or an empty one when it is not an object.
 *
 * @example
 * record({ a: 1 }).a; // 1
 * record("x"); // {}
 */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
