import { issueMessages, type KeywordIssueCode } from "./keywords/index.js";

/**
 * What kind of rule a value broke. Strings, so a model reading an error understands it. Each keyword module declares
 * its own (`./keywords/`); this is their union.
 */
export type IssueCode = KeywordIssueCode;

/**
 * One thing wrong with a value: `path` is a JSON Pointer (RFC 6901) to the value ("" for the root),
 * `expected` and `received` are short texts.
 *
 * @example
 * {
 *   code: "type",
 *   path: "/location",
 *   message: "Expected string, received number",
 *   expected: "string",
 *   received: "number",
 * }
 */
export interface Issue {
  readonly code: IssueCode;
  readonly path: string;
  readonly message: string;
  readonly expected?: string;
  readonly received?: string;
}

/**
 * Writes an issue's message from its `expected` and `received` texts, as the keyword module of `code` words it.
 *
 * @example
 * issueMessage("min_length", "2", "1"); // "Expected at least 2 characters, received 1"
 */
export function issueMessage(code: IssueCode, expected: string | undefined, received: string | undefined): string {
  return issueMessages().get(code)!(expected, received);
}

/** Builds an issue, its message included. Each shape is one literal, so issues share few hidden classes. */
export function issue(code: IssueCode, path: string, expected?: string, received?: string): Issue {
  const message = issueMessage(code, expected, received);
  if (expected === undefined)
    return received === undefined ? { code, path, message } : { code, path, message, received };
  return received === undefined ? { code, path, message, expected } : { code, path, message, expected, received };
}
