// `additionalProperties`: the schema of the properties neither `properties` nor `patternProperties` name
// (`./object-walk.ts` checks them).
import type { KeywordDeclaration, Message } from "./keyword.js";

/**
 * The `additional_property` issue's message, from its expected and received texts.
 *
 * @example
 * additionalPropertyMessage("2", "1");
 */
export const additionalPropertyMessage: Message = (expected) => `Unexpected property; ${expected}`;

/**
 * `additionalProperties`: a schema; `false` makes each such property an `additional_property` issue (as
 * `unevaluatedProperties: false` does).
 *
 * @example
 * additionalProperties.issues.additional_property("allowed properties are a", undefined);
 * // "Unexpected property; allowed properties are a"
 */
export const additionalProperties = {
  keys: ["additionalProperties"],
  schemas: "one",
  place: "child",
  issues: { additional_property: additionalPropertyMessage },
} satisfies KeywordDeclaration;
