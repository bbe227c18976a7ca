import type { Usage } from "../calls/types.js";
import { sum } from "../calls/common.js";

export type { Usage } from "../calls/types.js";

/**
 * Usage added up over turns; a count no turn reported stays undefined.
 *
 * @example
 * addUsage({ inputTokens: 1, outputTokens: 2, totalTokens: 3 }, { inputTokens: 4, outputTokens: 5, totalTokens: 9 });
 * // { inputTokens: 5, outputTokens: 7, totalTokens: 12 }
 */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (!a) return b && { inputTokens: b.inputTokens, outputTokens: b.outputTokens, totalTokens: b.totalTokens };
  if (!b) return a;
  return {
    inputTokens: sum(a.inputTokens, b.inputTokens),
    outputTokens: sum(a.outputTokens, b.outputTokens),
    totalTokens: sum(a.totalTokens, b.totalTokens),
  };
}
