// The root entry's reading of usage from any response: it tells the provider by the spelling, so it names providers.
import { field } from "./calls/wire.js";
import type { Usage } from "./calls/types.js";
import { usageNamed } from "./calls/common.js";
import { anthropic } from "./providers/anthropic/index.js";
import { gemini } from "./providers/gemini/index.js";

/**
 * The usage a response reports: OpenAI chat `usage.prompt_tokens` / `completion_tokens`, Responses and
 * Anthropic `usage.input_tokens` / `output_tokens` (Anthropic's cache reads and writes counted as input),
 * Gemini `usageMetadata.promptTokenCount` / `candidatesTokenCount` (thoughts counted as output), Bedrock
 * `usage.inputTokens`. Undefined when the response reports none. (The loop asks the provider's adapter, whose
 * `usage` reads its own spelling.)
 *
 * @example
 * usageOf({ usage: { input_tokens: 10, output_tokens: 5 } });
 * // { inputTokens: 10, outputTokens: 5, totalTokens: 15, raw: {...} }
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
