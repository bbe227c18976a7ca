// `required`: the names an object must hold. A name with a schema in `properties` is checked with it
// (`./object-walk.ts`); the others are kept apart, in `requiredOnly`.
import type { KeywordDeclaration, Message } from "./keyword.js";
import { namesOf } from "./read.js";

/**
 * The `required` issue's message, from its expected and received texts.
 *
 * @example
 * requiredMessage("2", "1");
 */
export const requiredMessage: Message = (expected) => `Missing required property (expected ${expected})`;

/**
 * `required`: an array of names. Its issue, `required`, is also what `dependentRequired` lists.
 *
 * @example
 * required.issues.required("string", undefined); // "Missing required property (expected string)"
 */
export const required = {
  keys: ["required"],
  issues: { required: requiredMessage },
  read(schema, node, at) {
    const declared = schema.properties;
    const has = typeof declared === "object" && declared !== null;
    const alone = namesOf(schema.required, "required", at).filter((name) => !has || !Object.hasOwn(declared, name));
    if (alone.length) node.requiredOnly = [...new Set(alone)];
  },
} satisfies KeywordDeclaration;
