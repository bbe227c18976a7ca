// `minContains`: at least how many items must match `contains` (`./contains.ts` checks the count).
import type { KeywordDeclaration } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * `minContains`: a non-negative integer; without `contains` it means nothing.
 *
 * @example
 * minContains.keys
 * // ["minContains"]
 */
export const minContains = {
  keys: ["minContains"],
  read: /* @__PURE__ */ readCount("minContains"),
} satisfies KeywordDeclaration;
