import { field } from "../calls/wire.js";
import type { Usage } from "../calls/types.js";
import { sum, usageNamed } from "../providers/common.js";
import { anthropic } from "../providers/anthropic/index.js";
import { gemini } from "../providers/gemini/index.js";

export type { Usage } from "../calls/types.js";

/**
 * The usage a response reports: OpenAI chat `usage.prompt_tokens` / `completion_tokens`, Responses and
 * Anthropic `usage.input_tokens` / `output_tokens` (Anthropic's cache reads and writes counted as input),
 * Gemini `usageMetadata.promptTokenCount` / `candidatesTokenCount` (thoughts counted as output), Bedrock
 * `usage.inputTokens`. Undefined when the response reports none. (The loop asks the provider's adapter, whose
 * `usage` reads its own spelling.)
 *
 * @example
 * usageOf({ usage: { input_tokens: 10, output_tokens: 5 } }); // { inputTokens: 10, outputTokens: 5, totalTokens: 15, raw: {...} }
 */
export function usageOf(response: unknown): Usage | undefined {
  // The spelling tells the provider: Gemini's usageMetadata and Anthropic's cache counts are read by their adapters;
  // the others name their counts in one of three spellings.
  if (field(response, "usageMetadata", "usage_metadata") !== undefined) return gemini.usage!(response);
  if (field(field(response, "usage"), "cache_read_input_tokens", "cache_creation_input_tokens") !== undefined)
    return anthropic.usage!(response);
  return usageNamed(
    response,
    ["input_tokens", "prompt_tokens", "inputTokens"],
    ["output_tokens", "completion_tokens", "outputTokens"],
    ["total_tokens", "totalTokens"],
  );
}

/**
 * Usage added up over turns; a count no turn reported stays undefined.
 *
 * @example
 * addUsage({ inputTokens: 1, outputTokens: 2, totalTokens: 3 }, { inputTokens: 4, outputTokens: 5, totalTokens: 9 }); // { inputTokens: 5, outputTokens: 7, totalTokens: 12 }
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
