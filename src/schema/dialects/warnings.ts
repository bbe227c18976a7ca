import type { Encodings } from "./encodings.js";

/**
 * What a provider dialect says about a schema, as data: what was at `path` (a JSON Pointer into the
 * schema) and what was done about it. `kind` is `"changed"` when the dialect rewrote the schema and it
 * now means less or something else (a keyword moved into a description, a recursion cut, a root
 * wrapped), `"rejected"` when the provider refuses the schema as written (past OpenAI's limits, a
 * property name Gemini refuses), `"advice"` when it is accepted but worth knowing (many tools at once).
 *
 * @example
 * {
 *   path: "/properties/name",
 *   message: 'openai-strict does not support "minLength"; moved into the description',
 *   kind: "changed",
 * }
 */
export interface ConversionWarning {
  readonly path: string;
  readonly message: string;
  readonly kind: IssueKind;
}

/**
 * How serious a `ConversionWarning` is: see there.
 *
 * @example
 * const stop = (issue: ConversionWarning) => issue.kind === "rejected";
 */
export type IssueKind = "changed" | "rejected" | "advice";

/**
 * How a dialect writer reports: `kind` defaults to `"changed"`.
 *
 * @example
 * warn("/properties/a", 'openai-strict refuses "$comment"; removed');
 */
export type Warn = (path: string, message: string, kind?: IssueKind) => void;

/**
 * Thrown when a schema cannot be written in a dialect without changing what it accepts in a way no note can carry,
 * and for the first issue when `onIssue` is `"error"`.
 *
 * @example
 * toJSONSchema(t.object({ n: t.integer({ minimum: 1 }) }), { target: anthropicStrict, onIssue: "error" });
 * // throws ConversionError: anthropic-strict does not support "minimum"; moved into the description (at /properties/n)
 */
export class ConversionError extends TypeError {
  override readonly name = "ConversionError";
}

/**
 * A provider dialect, as a value (`import { openaiStrict } from "tooltype/dialects"`): its name, and how it
 * rewrites draft 2020-12 JSON, reporting each change that alters what the schema means.
 *
 * @example
 * toJSONSchema(t.object({ city: t.string() }), { target: openaiStrict });
 */
export interface Dialect {
  readonly name: string;
  readonly write: (schema: Record<string, unknown>, warn: Warn) => Record<string, unknown>;
  /**
   * The shapes this dialect writes values in that the schema does not describe (a tuple as an object keyed by
   * position, a map as a list of entries), with the way back: a tool whose parameters were written in this dialect
   * turns the model's values back before checking them.
   */
  readonly encodings?: Encodings;
}

/**
 * A description with a sentence added after it, a full stop between them when the first has none.
 *
 * @example
 * withSentence("Prices by product", "A map written as a list of { key, value } entries.");
 * // "Prices by product. A map written as a list of { key, value } entries."
 */
export function withSentence(description: unknown, sentence: string): string {
  if (typeof description !== "string" || !description.trim()) return sentence;
  return /[.!?:;]\s*$/.test(description) ? `${description} ${sentence}` : `${description}. ${sentence}`;
}
