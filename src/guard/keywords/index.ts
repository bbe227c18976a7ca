// The one ordered list of keywords: each keyword module declares itself (`KeywordDeclaration`), and this list puts
// it in the order checks run and issues are listed. What the guards need of every keyword is derived from it: the
// reader of each schema key, the walks over sub-schemas, the issue codes and their messages, and the interpreter's
// checks (../interpret.ts). Generated code finds each keyword's generated form in ./generated.ts.
import { additionalProperties } from "./additional-properties.js";
import { allOf } from "./all-of.js";
import { anyOf } from "./any-of.js";
import { contains } from "./contains.js";
import { contentEncoding } from "./content-encoding.js";
import { dependentRequired } from "./dependent-required.js";
import { dependentSchemas } from "./dependent-schemas.js";
import { enumKeyword } from "./enum.js";
import { exclusiveMaximum } from "./exclusive-maximum.js";
import { exclusiveMinimum } from "./exclusive-minimum.js";
import { format } from "./format.js";
import { ifThenElse } from "./if-then-else.js";
import { items } from "./items.js";
import type { KeywordDeclaration, Message, PartPlace, SlotKind } from "./keyword.js";
import { maxContains } from "./max-contains.js";
import { maxItems } from "./max-items.js";
import { maxLength } from "./max-length.js";
import { maxProperties } from "./max-properties.js";
import { maximum } from "./maximum.js";
import { minContains } from "./min-contains.js";
import { minItems } from "./min-items.js";
import { minLength } from "./min-length.js";
import { minProperties } from "./min-properties.js";
import { minimum } from "./minimum.js";
import { multipleOf } from "./multiple-of.js";
import { not } from "./not.js";
import { oneOf } from "./one-of.js";
import { pattern } from "./pattern.js";
import { patternProperties } from "./pattern-properties.js";
import { prefixItems } from "./prefix-items.js";
import { properties } from "./properties.js";
import { propertyNames } from "./property-names.js";
import { ref } from "./ref.js";
import { required } from "./required.js";
import { type } from "./type.js";
import { unevaluatedItems } from "./unevaluated-items.js";
import { unevaluatedProperties } from "./unevaluated-properties.js";
import { uniqueItems } from "./unique-items.js";

// Read on first use, never at import: each keyword module imports ../interpret/check.ts, which imports ../issue.ts,
// which imports this module; a bundle that evaluates a keyword module first reaches this one before that keyword's
// declaration exists (webpack's production build does), so nothing here may read a declaration before a guard is built.
const ordered = () =>
  [
    type,
    enumKeyword,
    minLength,
    maxLength,
    pattern,
    format,
    contentEncoding,
    minimum,
    maximum,
    exclusiveMinimum,
    exclusiveMaximum,
    multipleOf,
    prefixItems,
    items,
    minItems,
    maxItems,
    uniqueItems,
    contains,
    minContains,
    maxContains,
    properties,
    required,
    additionalProperties,
    patternProperties,
    propertyNames,
    minProperties,
    maxProperties,
    dependentRequired,
    dependentSchemas,
    allOf,
    anyOf,
    oneOf,
    not,
    ifThenElse,
    ref,
    unevaluatedItems,
    unevaluatedProperties,
  ] as const;

/** A code some keyword declares. */
type DeclaredCode<K> = K extends { readonly issues: infer I } ? keyof I & string : never;

/** Every issue code, from the keywords' declarations: what `IssueCode` is. */
export type KeywordIssueCode = DeclaredCode<ReturnType<typeof ordered>[number]>;

let list: readonly KeywordDeclaration[] | undefined;
/**
 * Every keyword the guards check, in the order their checks run and their issues are listed. A schema key none of
 * them reads is refused, unless the schema reader knows it as an identifier (`$id`, `$anchor`, `$schema`) or an
 * annotation. Adding a keyword is its module and its place here.
 *
 * @example
 * keywords().flatMap((k) => k.keys).includes("minLength"); // true
 */
export function keywords(): readonly KeywordDeclaration[] {
  return (list ??= ordered());
}

let messages: ReadonlyMap<string, Message> | undefined;
/**
 * Each issue code's message, from the declarations.
 *
 * @example
 * issueMessages().get("min_length")!("2", "1"); // "Expected at least 2 characters, received 1"
 */
export function issueMessages(): ReadonlyMap<string, Message> {
  return (messages ??= new Map(keywords().flatMap((keyword) => Object.entries(keyword.issues ?? {}))));
}

let byKey: ReadonlyMap<string, KeywordDeclaration> | undefined;
/**
 * The keyword reading each schema key.
 *
 * @example
 * keywordOf("minContains") === minContains; // true
 */
export function keywordOf(key: string): KeywordDeclaration | undefined {
  byKey ??= new Map(keywords().flatMap((keyword) => keyword.keys.map((k) => [k, keyword] as const)));
  return byKey.get(key);
}

/**
 * How a schema key holds sub-schemas, as its keyword declares it: what the walks over raw schemas follow
 * (`../subschemas.ts`). Definitions and a string's decoded content (`contentSchema`) are sub-schemas no keyword checks,
 * which a `$ref` may still point into (the schema reader reads them as annotations). A `one` slot holding an array
 * (draft-07's tuple `items`) holds a list.
 *
 * @example
 * slotOf("prefixItems"); // "list"
 */
export function slotOf(key: string): SlotKind | undefined {
  const slot = keywordOf(key)?.schemas;
  if (slot || key === "contentSchema") return slot ?? "one";
  return key === "$defs" || key === "definitions" ? "map" : undefined;
}

/**
 * Where the sub-schema nodes a node field holds are checked, as its keyword declares it (keywords read their
 * sub-schemas into the fields named as their keys): what the walks over read nodes follow.
 *
 * @example
 * placeOf("contains"); // "child"
 */
export function placeOf(field: string): PartPlace | undefined {
  return keywordOf(field)?.place;
}
