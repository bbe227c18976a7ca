// IssueCode is derived from the keyword modules' declarations (src/guard/keywords/index.ts): it stays exactly the
// set of codes a guard lists, no code lost and none widened to string.
import type { IssueCode } from "tooltype/guard";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expect<T extends true>(): void {}

type Codes =
  | "type"
  | "never"
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
  | "required"
  | "additional_property"
  | "property_name"
  | "min_properties"
  | "max_properties"
  | "union"
  | "one_of"
  | "not"
  | "too_deep"
  | "additional_item";

expect<Equal<IssueCode, Codes>>();
// @ts-expect-error: a code no keyword declares
const unknown: IssueCode = "minimum_length";
void unknown;
