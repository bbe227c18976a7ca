// `maxContains`: at most how many items must match `contains` (`./contains.ts` checks the count).
import type { KeywordDeclaration } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * `maxContains`: a non-negative integer; without `contains` it means nothing.
 *
 * @example
 * maxContains.keys
 * // ["maxContains"]
 */
export const maxContains = {
  keys: ["maxContains"],
  read: /* @__PURE__ */ readCount("maxContains"),
} satisfies KeywordDeclaration;
