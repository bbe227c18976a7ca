import { NUMBER_KEYWORDS, STRING_KEYWORDS } from "./keywords/index.js";

/** What kind of rule a value broke. Strings, so a model reading an error understands it. */
export type IssueCode =
  | "type" | "required" | "additional_property" | "enum" | "const"
  | "min_length" | "max_length" | "pattern" | "format" | "content_encoding"
  | "minimum" | "maximum" | "exclusive_minimum" | "exclusive_maximum" | "multiple_of"
  | "min_items" | "max_items" | "unique_items" | "contains" | "additional_item"
  | "min_properties" | "max_properties" | "property_name"
  | "union" | "one_of" | "not" | "never" | "too_deep";

/**
 * One thing wrong with a value: `path` is a JSON Pointer (RFC 6901) to the value ("" for the root),
 * `expected` and `received` are short texts.
 *
 * @example
 * { code: "type", path: "/location", message: "Expected string, received number", expected: "string", received: "number" }
 */
export interface Issue {
  readonly code: IssueCode;
  readonly path: string;
  readonly message: string;
  readonly expected?: string;
  readonly received?: string;
}

// The value keywords write their own messages (src/guard/keywords/).
const VALUE_MESSAGES = new Map<IssueCode, (expected: string | undefined, received: string | undefined) => string>(
  [...STRING_KEYWORDS, ...NUMBER_KEYWORDS].map((k) => [k.code, k.message]),
);

/**
 * Writes an issue's message: a value keyword's own (`src/guard/keywords/`), else the structural keywords' here.
 */
export function issueMessage(code: IssueCode, expected: string | undefined, received: string | undefined): string {
  switch (code) {
    case "type":
      return `Expected ${expected}, received ${received}`;
    case "required":
      return `Missing required property (expected ${expected})`;
    case "additional_property":
      return `Unexpected property; ${expected}`;
    case "enum":
    case "const":
      return `Expected ${expected}, received ${received}`;
    case "min_items":
      return `Expected at least ${expected} items, received ${received}`;
    case "max_items":
      return `Expected at most ${expected} items, received ${received}`;
    case "additional_item":
      return `Unexpected item; ${expected}`;
    case "unique_items":
      return `Expected unique items; ${received}`;
    case "contains":
      return `Expected ${expected} matching items, received ${received}`;
    case "min_properties":
      return `Expected at least ${expected} properties, received ${received}`;
    case "max_properties":
      return `Expected at most ${expected} properties, received ${received}`;
    case "property_name":
      return `Property name ${received} is not allowed (expected ${expected})`;
    case "union":
      return `Expected ${expected}, received ${received}`;
    case "one_of":
      return `Expected exactly one of ${expected} to match, but ${received} matched`;
    case "not":
      return `Value must not match ${expected}`;
    case "never":
      return "No value is allowed here";
    case "too_deep":
      return expected === undefined ? "Value is nested too deeply to check" : `Value is nested too deeply to check (more than ${expected} levels)`;
    default:
      return VALUE_MESSAGES.get(code)!(expected, received);
  }
}

/** Builds an issue, its message included. Each shape is one literal, so issues share few hidden classes. */
export function issue(code: IssueCode, path: string, expected?: string, received?: string): Issue {
  const message = issueMessage(code, expected, received);
  if (expected === undefined) return received === undefined ? { code, path, message } : { code, path, message, received };
  return received === undefined ? { code, path, message, expected } : { code, path, message, expected, received };
}
