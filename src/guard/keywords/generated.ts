// Each keyword's generated forms, for generated code (../codegen.ts) and its error reporter (../report.ts), found by
// its declaration: kept apart from the declarations so that an app without generated code carries none of it. The
// order is the keyword list's (./index.ts); a test checks every keyword there has its entry here.
import type { Node } from "../node.js";
import { additionalProperties } from "./additional-properties.js";
import { allOf, allOfReport, allOfSource } from "./all-of.js";
import { anyOf } from "./any-of.js";
import { itemsReport, itemsSource } from "./array-walk.js";
import { contains, containsSource } from "./contains.js";
import { contentEncoding, contentEncodingSource } from "./content-encoding.js";
import { dependentRequired, dependentRequiredSource } from "./dependent-required.js";
import { dependentSchemas, dependentSchemasSource } from "./dependent-schemas.js";
import { enumKeyword, enumReport, enumSource } from "./enum.js";
import { exclusiveMaximum, exclusiveMaximumSource } from "./exclusive-maximum.js";
import { exclusiveMinimum, exclusiveMinimumSource } from "./exclusive-minimum.js";
import { format, formatSource } from "./format.js";
import { conditionalSource, ifThenElse } from "./if-then-else.js";
import { items } from "./items.js";
import type { KeywordDeclaration, KeywordSource, ReportWriter, StructureWriter } from "./keyword.js";
import { maxContains } from "./max-contains.js";
import { maxItems } from "./max-items.js";
import { maxLength, maxLengthSource } from "./max-length.js";
import { maxProperties } from "./max-properties.js";
import { maximum, maximumSource } from "./maximum.js";
import { minContains } from "./min-contains.js";
import { minItems } from "./min-items.js";
import { minLength, minLengthSource } from "./min-length.js";
import { minProperties } from "./min-properties.js";
import { minimum, minimumSource } from "./minimum.js";
import { multipleOf, multipleOfSource } from "./multiple-of.js";
import { not, notSource } from "./not.js";
import { propertiesReport, propertiesSource } from "./object-walk.js";
import { oneOf } from "./one-of.js";
import type { Path } from "./path-code.js";
import { pattern, patternSource } from "./pattern.js";
import { patternProperties } from "./pattern-properties.js";
import { prefixItems } from "./prefix-items.js";
import { properties } from "./properties.js";
import { propertyNames } from "./property-names.js";
import { ref, refSource } from "./ref.js";
import { required } from "./required.js";
import { type } from "./type.js";
import { unevaluatedItems, unevaluatedItemsSource } from "./unevaluated-items.js";
import { unevaluatedProperties, unevaluatedPropertiesSource } from "./unevaluated-properties.js";
import { anyOfSource, oneOfSource } from "./union.js";
import { uniqueItems, uniqueItemsReport, uniqueItemsSource } from "./unique-items.js";

/** A structural keyword's generated forms. */
export interface StructureSource {
  /** Statements that `return false` unless `x` meets the keyword (inside the test for the type it `applies` to). */
  readonly source: (node: Node, x: string, writer: StructureWriter) => string;
  /** Statements listing its issues of `x`; without them, a node with the keyword is reported by the interpreter. */
  readonly report?: (node: Node, x: string, path: Path, writer: ReportWriter) => string;
}

/** A keyword's generated forms: a value keyword's expressions, or a structural keyword's statements. */
export type GeneratedForm = KeywordSource<never> | StructureSource;

const nothing = () => "";

/**
 * The forms of a keyword whose code and report another writes: `type` (the node's writers put its test first),
 * and the keywords of a walk (`items` writes `prefixItems`, `minItems` and `maxItems` with it).
 */
const WRITTEN_WITH_ANOTHER: StructureSource = { source: nothing, report: nothing };

/** The forms of a keyword another's walk checks in generated code, and whose issues the interpreter lists. */
const CHECKED_WITH_ANOTHER: StructureSource = { source: nothing };

/**
 * Each keyword's generated forms.
 *
 * @example
 * GENERATED.get(not)!; // { source: notSource }: its report is the interpreter's
 */
export const GENERATED: ReadonlyMap<KeywordDeclaration, GeneratedForm> = new Map<KeywordDeclaration, GeneratedForm>([
  [type, WRITTEN_WITH_ANOTHER],
  [enumKeyword, { source: enumSource, report: enumReport }],
  [minLength, minLengthSource],
  [maxLength, maxLengthSource],
  [pattern, patternSource],
  [format, formatSource],
  [contentEncoding, contentEncodingSource],
  [minimum, minimumSource],
  [maximum, maximumSource],
  [exclusiveMinimum, exclusiveMinimumSource],
  [exclusiveMaximum, exclusiveMaximumSource],
  [multipleOf, multipleOfSource],
  [prefixItems, WRITTEN_WITH_ANOTHER],
  [items, { source: itemsSource, report: itemsReport }],
  [minItems, WRITTEN_WITH_ANOTHER],
  [maxItems, WRITTEN_WITH_ANOTHER],
  [uniqueItems, { source: uniqueItemsSource, report: uniqueItemsReport }],
  [contains, { source: containsSource }],
  [minContains, WRITTEN_WITH_ANOTHER],
  [maxContains, WRITTEN_WITH_ANOTHER],
  [properties, { source: propertiesSource, report: propertiesReport }],
  [required, WRITTEN_WITH_ANOTHER],
  [additionalProperties, WRITTEN_WITH_ANOTHER],
  [patternProperties, CHECKED_WITH_ANOTHER],
  [propertyNames, CHECKED_WITH_ANOTHER],
  [minProperties, CHECKED_WITH_ANOTHER],
  [maxProperties, CHECKED_WITH_ANOTHER],
  [dependentRequired, { source: dependentRequiredSource }],
  [dependentSchemas, { source: dependentSchemasSource }],
  [allOf, { source: allOfSource, report: allOfReport }],
  [anyOf, { source: anyOfSource }],
  [oneOf, { source: oneOfSource }],
  [not, { source: notSource }],
  [ifThenElse, { source: conditionalSource }],
  [ref, { source: refSource }],
  [unevaluatedItems, { source: unevaluatedItemsSource }],
  [unevaluatedProperties, { source: unevaluatedPropertiesSource }],
]);
