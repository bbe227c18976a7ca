import type { CallTracker, Provider, ProviderAdapter } from "../calls/types.js";
import { anthropic } from "./anthropic/index.js";
import { bedrock } from "./bedrock/index.js";
import { cohere } from "./cohere/index.js";
import { gemini } from "./gemini/index.js";
import { mcp } from "./mcp/index.js";
import { mistral } from "./mistral/index.js";
import { ollama } from "./ollama/index.js";
import { openai } from "./openai/index.js";
import { responses } from "./responses/index.js";
import { anthropicCalls } from "./anthropic/stream.js";
import { bedrockCalls } from "./bedrock/stream.js";
import { cohereCalls } from "./cohere/stream.js";
import { geminiCalls } from "./gemini/stream.js";
import { mcpCalls } from "./mcp/stream.js";
import { mistralCalls } from "./mistral/stream.js";
import { ollamaCalls } from "./ollama/stream.js";
import { openaiCalls } from "./openai/stream.js";
import { responsesCalls } from "./responses/stream.js";

/** Every adapter by provider name. @example ADAPTERS.anthropic.conversation; // "messages" */
export const ADAPTERS: { readonly [P in Provider]: ProviderAdapter } = {
  openai,
  responses,
  anthropic,
  gemini,
  mcp,
  bedrock,
  mistral,
  ollama,
  cohere,
};

/**
 * Each provider's stream reader by name (its adapter's `stream.read`), listed apart from the adapters so that
 * `createToolCallStream(name)` bundles without the providers' formats.
 *
 * @example
 * STREAM_READERS.anthropic(event, tracker);
 */
export const STREAM_READERS: { readonly [P in Provider]: (chunk: object, calls: CallTracker) => void } = {
  openai: openaiCalls,
  responses: responsesCalls,
  anthropic: anthropicCalls,
  gemini: geminiCalls,
  mcp: mcpCalls,
  bedrock: bedrockCalls,
  mistral: mistralCalls,
  ollama: ollamaCalls,
  cohere: cohereCalls,
};

/**
 * The adapter of a provider name (or an adapter passed as is); an unknown name is a clear error.
 *
 * @example
 * adapterOf("gemini").conversation; // "contents"
 * adapterOf("palm"); // throws TypeError: tooltype: unknown provider "palm"; known: openai, responses, anthropic, ...
 */
export function adapterOf(provider: Provider | ProviderAdapter): ProviderAdapter {
  if (typeof provider === "object" && provider !== null) return provider;
  const adapter = typeof provider === "string" && Object.hasOwn(ADAPTERS, provider) ? ADAPTERS[provider] : undefined;
  if (!adapter)
    throw new TypeError(
      `tooltype: unknown provider ${JSON.stringify(provider)}; known: ${Object.keys(ADAPTERS).join(", ")}`,
    );
  return adapter;
}
