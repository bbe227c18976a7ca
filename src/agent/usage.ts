import { field } from "../calls/wire.js";
import type { Usage } from "../calls/types.js";
import { sum, tokenCount as count } from "../providers/common.js";

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
  const gemini = field(response, "usageMetadata", "usage_metadata");
  if (gemini) {
    const output = sum(count(field(gemini, "candidatesTokenCount")), count(field(gemini, "thoughtsTokenCount")));
    const input = count(field(gemini, "promptTokenCount"));
    return {
      inputTokens: input,
      outputTokens: output,
      totalTokens: count(field(gemini, "totalTokenCount")) ?? sum(input, output),
      raw: gemini,
    };
  }
  const usage = field(response, "usage");
  if (typeof usage !== "object" || usage === null) return undefined;
  const cached = sum(
    count(field(usage, "cache_read_input_tokens")),
    count(field(usage, "cache_creation_input_tokens")),
  );
  const base = count(field(usage, "input_tokens", "prompt_tokens", "inputTokens"));
  const input =
    field(usage, "cache_read_input_tokens", "cache_creation_input_tokens") !== undefined ? sum(base, cached) : base;
  const output = count(field(usage, "output_tokens", "completion_tokens", "outputTokens"));
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: count(field(usage, "total_tokens", "totalTokens")) ?? sum(input, output),
    raw: usage,
  };
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
