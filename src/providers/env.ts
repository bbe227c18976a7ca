/**
 * Each provider's usual environment variables, the ones its own SDK reads, for `httpChat` to fall back on.
 * Read only where the runtime has an environment (Node, Bun, Deno with --allow-env); never in a browser.
 */

/** What a provider's environment gives `httpChat`: a key and a base URL, each when set. */
export interface ProviderEnv {
  readonly apiKey?: string;
  readonly baseURL?: string;
}

type Read = (name: string) => string | undefined;

const first = (read: Read, names: readonly string[]) =>
  names.map(read).find((value): value is string => typeof value === "string" && value !== "");

const bearer =
  (keys: readonly string[], bases: readonly string[] = []) =>
  (read: Read): ProviderEnv => ({ apiKey: first(read, keys), baseURL: first(read, bases) });

/** OLLAMA_HOST as Ollama's client reads it: `host:port` or a URL; its OpenAI-compatible API is under /v1. */
const ollamaBase = (host: string | undefined) => {
  if (!host) return undefined;
  const url = /^[a-z]+:\/\//i.test(host) ? host : `http://${host}`;
  return `${url.replace(/\/+$/, "")}/v1`;
};

/** The region's Bedrock runtime endpoint, as the AWS SDK builds it from AWS_REGION. */
const bedrockBase = (region: string | undefined) =>
  region ? `https://bedrock-runtime.${region}.amazonaws.com` : undefined;

const PROVIDER_ENV: Readonly<Record<string, (read: Read) => ProviderEnv>> = {
  openai: bearer(["OPENAI_API_KEY"], ["OPENAI_BASE_URL"]),
  responses: bearer(["OPENAI_API_KEY"], ["OPENAI_BASE_URL"]),
  anthropic: bearer(["ANTHROPIC_API_KEY"], ["ANTHROPIC_BASE_URL"]),
  gemini: bearer(["GEMINI_API_KEY", "GOOGLE_API_KEY"], ["GOOGLE_GEMINI_BASE_URL"]),
  mistral: bearer(["MISTRAL_API_KEY"]),
  cohere: bearer(["CO_API_KEY", "COHERE_API_KEY"], ["CO_API_URL"]),
  ollama: (read) => ({ baseURL: ollamaBase(first(read, ["OLLAMA_HOST"])) }),
  bedrock: (read) => ({
    apiKey: first(read, ["AWS_BEARER_TOKEN_BEDROCK"]),
    baseURL: bedrockBase(first(read, ["AWS_REGION", "AWS_DEFAULT_REGION"])),
  }),
};

/** The runtime's environment variables, or nothing: none in a browser, none where reading them is refused. */
function runtimeEnv(): Read {
  const g = globalThis as { document?: unknown; process?: { env?: Record<string, string | undefined> } };
  if (g.document !== undefined || typeof g.process?.env !== "object") return () => undefined;
  const env = g.process.env;
  return (name) => {
    try {
      return env[name];
    } catch {
      return undefined; // Deno without --allow-env throws
    }
  };
}

/**
 * The provider's key and base URL from its usual environment variables (`OPENAI_API_KEY`, `OPENAI_BASE_URL`,
 * `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`...), where the runtime has an environment; `{}` in a browser.
 *
 * @example
 * providerEnv("openai"); // { apiKey: "sk-...", baseURL: undefined } with OPENAI_API_KEY set
 * providerEnv("ollama", (name) => ({ OLLAMA_HOST: "127.0.0.1:11434" })[name]); // { baseURL: "http://127.0.0.1:11434/v1" }
 */
export function providerEnv(provider: string, read: Read = runtimeEnv()): ProviderEnv {
  return Object.hasOwn(PROVIDER_ENV, provider) ? PROVIDER_ENV[provider]!(read) : {};
}
