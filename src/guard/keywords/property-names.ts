// `propertyNames`: the schema every property name must meet (`./object-walk.ts` checks them).
import type { KeywordDeclaration } from "./keyword.js";

/**
 * `propertyNames`: a schema; a name it refuses is one `property_name` issue.
 *
 * @example
 * propertyNames.issues.property_name("string", '"a b"'); // 'Property name "a b" is not allowed (expected string)'
 */
export const propertyNames = {
  keys: ["propertyNames"],
  schemas: "one",
  place: "child",
  issues: { property_name: (expected, received) => `Property name ${received} is not allowed (expected ${expected})` },
} satisfies KeywordDeclaration;
