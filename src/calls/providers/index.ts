import type { Provider, ProviderAdapter } from "../types.js";
import { anthropic } from "./anthropic.js";
import { bedrock } from "./bedrock.js";
import { cohere } from "./cohere.js";
import { gemini } from "./gemini.js";
import { mcp } from "./mcp.js";
import { mistral } from "./mistral.js";
import { ollama } from "./ollama.js";
import { openai } from "./openai.js";
import { responses } from "./responses.js";

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
