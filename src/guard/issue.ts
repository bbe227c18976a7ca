import { NUMBER_KEYWORDS, STRING_KEYWORDS } from "./keywords/index.js";
import type { Message } from "./keywords/keyword.js";
import { TYPE_MESSAGES } from "./keywords/type.js";
import { ENUM_MESSAGES } from "./keywords/enum.js";
import { ITEMS_MESSAGES } from "./keywords/items.js";
import { UNIQUE_ITEMS_MESSAGES } from "./keywords/unique-items.js";
import { CONTAINS_MESSAGES } from "./keywords/contains.js";
import { PROPERTIES_MESSAGES } from "./keywords/properties.js";
import { UNION_MESSAGES } from "./keywords/union.js";
import { NOT_MESSAGES } from "./keywords/not.js";
import { REF_MESSAGES } from "./keywords/ref.js";
import { PATTERN_MESSAGES } from "./keywords/pattern.js";

/** What kind of rule a value broke. Strings, so a model reading an error understands it. */
export type IssueCode =
  | "type"
  | "required"
  | "additional_property"
  | "enum"
  | "const"
  | "min_length"
  | "max_length"
  | "pattern"
  | "pattern_unevaluated"
  | "format"
  | "content_encoding"
  | "minimum"
  | "maximum"
  | "exclusive_minimum"
  | "exclusive_maximum"
  | "multiple_of"
  | "min_items"
  | "max_items"
  | "unique_items"
  | "contains"
  | "additional_item"
  | "min_properties"
  | "max_properties"
  | "property_name"
  | "union"
  | "one_of"
  | "not"
  | "never"
  | "too_deep";

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

// Every keyword module writes its own messages. Gathered on first use: the modules import this one (through
// the interpreter's `miss`), so reading them while this module loads would meet them unfinished.
let messages: Map<IssueCode, Message> | undefined;

function messagesOf(): Map<IssueCode, Message> {
  const structural = {
    ...TYPE_MESSAGES,
    ...ENUM_MESSAGES,
    ...ITEMS_MESSAGES,
    ...UNIQUE_ITEMS_MESSAGES,
    ...CONTAINS_MESSAGES,
    ...PROPERTIES_MESSAGES,
    ...UNION_MESSAGES,
    ...NOT_MESSAGES,
    ...REF_MESSAGES,
    ...PATTERN_MESSAGES,
  };
  const all = new Map(Object.entries(structural) as [IssueCode, Message][]);
  for (const k of [...STRING_KEYWORDS, ...NUMBER_KEYWORDS]) all.set(k.code, k.message);
  return all;
}

/**
 * Writes an issue's message from its `expected` and `received` texts, as the keyword module of `code` words it.
 *
 * @example
 * issueMessage("min_length", "2", "1"); // "Expected at least 2 characters, received 1"
 */
export function issueMessage(code: IssueCode, expected: string | undefined, received: string | undefined): string {
  return (messages ??= messagesOf()).get(code)!(expected, received);
}

/** Builds an issue, its message included. Each shape is one literal, so issues share few hidden classes. */
export function issue(code: IssueCode, path: string, expected?: string, received?: string): Issue {
  const message = issueMessage(code, expected, received);
  if (expected === undefined)
    return received === undefined ? { code, path, message } : { code, path, message, received };
  return received === undefined ? { code, path, message, expected } : { code, path, message, expected, received };
}
