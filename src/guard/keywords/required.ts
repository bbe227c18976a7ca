// `required`: the names an object must hold. A name with a schema in `properties` is checked with it
// (`./object-walk.ts`); the others are kept apart, in `requiredOnly`.
import type { KeywordDeclaration } from "./keyword.js";
import { namesOf } from "./read.js";

/**
 * `required`: an array of names. Its issue, `required`, is also what `dependentRequired` lists.
 *
 * @example
 * required.issues.required("string", undefined); // "Missing required property (expected string)"
 */
export const required = {
  keys: ["required"],
  issues: { required: (expected) => `Missing required property (expected ${expected})` },
  read(schema, node, at) {
    const declared = schema.properties;
    const alone = new Set(namesOf(schema.required, "required", at));
    if (typeof declared === "object" && declared !== null) for (const key of Object.keys(declared)) alone.delete(key);
    if (alone.size) node.requiredOnly = [...alone];
  },
} satisfies KeywordDeclaration;
