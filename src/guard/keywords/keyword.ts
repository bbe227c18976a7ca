import type { Node } from "../ir.js";
import type { IssueCode } from "../issue.js";

/**
 * A keyword that tests one value of one JSON type against the limit the schema gives it (`minLength: 2`,
 * `pattern`, `multipleOf`), and says what went wrong. The interpreter reads this; the generated code
 * reads the keyword's `KeywordSource` beside it, so an app without generated code carries no source text.
 *
 * @example
 * minLength.holds("ab", 2);                       // true
 * minLength.message(minLength.expected(2), "1");  // "Expected at least 2 characters, received 1"
 */
export interface ValueKeyword<V = never, L = never> {
  /** Where the checked schema (`Node`) keeps the keyword's limit. */
  readonly key: keyof Node;
  readonly code: IssueCode;
  /** Whether the value meets the limit. */
  readonly holds: (value: V, limit: L) => boolean;
  /** The issue's `expected` text. */
  readonly expected: (limit: L) => string | undefined;
  /** The issue's `received` text. */
  readonly received: (value: V) => string;
  /** The issue's message from its `expected` and `received` texts. */
  readonly message: (expected: string | undefined, received: string | undefined) => string;
}

/** What generated code needs of the writer: a name for a value the code closes over, declared once. */
export interface SourceWriter {
  /** Declares `value` for the code under `name` (once per name), returning the name. */
  use(name: string, value: unknown): string;
  /** Declares a value of its own (a RegExp, a format check), returning its name. */
  external(value: unknown): string;
}

/**
 * A value keyword as generated code: JavaScript expressions for its test and its received text.
 *
 * @example
 * minLengthSource.holds("v", 2, writer); // "longEnough(v, 2)"
 */
export interface KeywordSource<L = never> {
  /** An expression true when `x` meets `limit`. */
  readonly holds: (x: string, limit: L, writer: SourceWriter) => string;
  /** An expression for the received text of `x`. */
  readonly received: (x: string, writer: SourceWriter) => string;
}

/** A number expression's text (as `String(n)`, which engines run slower than a concatenation). */
export const numberText = (expr: string) => `"" + ${expr}`;
