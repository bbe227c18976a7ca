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

/** Every adapter by provider name. */
export const ADAPTERS: { readonly [P in Provider]: ProviderAdapter } = { openai, responses, anthropic, gemini, mcp, bedrock, mistral, ollama, cohere };

/** The adapter of a provider name (or an adapter passed as is); an unknown name is a clear error. */
export function adapterOf(provider: Provider | ProviderAdapter): ProviderAdapter {
  if (typeof provider === "object" && provider !== null) return provider;
  const adapter = typeof provider === "string" && Object.hasOwn(ADAPTERS, provider) ? ADAPTERS[provider] : undefined;
  if (!adapter) throw new TypeError(`tooltype: unknown provider ${JSON.stringify(provider)}; known: ${Object.keys(ADAPTERS).join(", ")}`);
  return adapter;
}

