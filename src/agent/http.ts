import { ProviderError, providerValue } from "../calls/common.js";
import { providerEnv } from "../calls/env.js";
import type { ProviderAdapter } from "../calls/types.js";

/**
 * Options of `httpChat`.
 *
 * @example
 * httpChat(openai, { apiKey, baseURL: "http://localhost:11434/v1", headers: { "OpenAI-Organization": "org_1" } });
 */
export interface HttpChatOptions {
  /**
   * Sent as the provider expects it (`Authorization: Bearer`, `x-api-key`, `x-goog-api-key`); leave it out behind a
   * proxy that adds it. Default: the provider's usual environment variable where the runtime has one
   * (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY` or `GOOGLE_API_KEY`, `AWS_BEARER_TOKEN_BEDROCK`,
   * `MISTRAL_API_KEY`, `CO_API_KEY` or `COHERE_API_KEY`; Ollama takes none); never read in a browser.
   */
  readonly apiKey?: string;
  /**
   * The API's base URL, e.g. a proxy or a local server. Default: `OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`,
   * `GOOGLE_GEMINI_BASE_URL`, Bedrock's endpoint in `AWS_REGION`, `CO_API_URL` or `OLLAMA_HOST` when set, else the
   * provider's public API (Ollama: `http://127.0.0.1:11434`).
   */
  readonly baseURL?: string;
  /** More headers (an organization, a beta flag, `anthropic-dangerous-direct-browser-access` in a browser). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to use (default: the global one). */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/**
 * A `chat` function for the loop that calls a provider's HTTP API with `fetch`, no SDK, as the provider's
 * adapter writes the request (`ProviderAdapter.http`): OpenAI `/chat/completions`, `/responses`, Anthropic
 * `/messages`, Gemini `models/{model}:streamGenerateContent?alt=sse`, Bedrock `converse-stream`, Mistral
 * `/chat/completions`, Cohere `/v2/chat`, Ollama `/api/chat` (requests in the SDK's shape, sent in the REST
 * shape). It returns the `Response`; the loop reads its JSON or its stream as it arrives, and its signal aborts the
 * request.
 *
 * @example
 * import { openai } from "tooltype/providers/openai";
 * for await (const event of streamTools({ provider: openai, chat: httpChat(openai, { apiKey }), request, tools })) ...
 */
export function httpChat(
  provider: ProviderAdapter,
  options: HttpChatOptions = {},
): (request: object, init?: { readonly signal?: AbortSignal }) => Promise<Response> {
  const { http, name } = providerValue(provider, "httpChat");
  if (!http)
    throw new TypeError(`httpChat: the ${name} provider has no HTTP support (http); pass chat a function of your own`);
  const env = providerEnv(http);
  const base = (options.baseURL ?? env.baseURL ?? http.baseURL).replace(/\/+$/, "");
  const apiKey = options.apiKey ?? env.apiKey;
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  return (request, init = {}) => {
    const { url, headers, body } = http.request(base, { ...(request as Record<string, unknown>) }, apiKey);
    return unreachable(
      name,
      url,
      init.signal,
      send(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
          ...options.headers,
        },
        body,
        ...(init.signal && { signal: init.signal }),
      }),
    );
  };
}

/**
 * A request that never got an answer (DNS, refused, TLS, reset) as a ProviderError with the cause; an abort stays an
 * abort.
 */
async function unreachable(
  provider: string,
  url: string,
  signal: AbortSignal | undefined,
  sent: Promise<Response>,
): Promise<Response> {
  try {
    return await sent;
  } catch (error) {
    if (signal?.aborted || (error as { name?: unknown })?.name === "AbortError") throw error;
    const why = (error as { cause?: { message?: unknown } })?.cause?.message ?? (error as Error)?.message ?? error;
    throw new ProviderError(`${provider}: could not reach ${url.split("?")[0]}: ${String(why)}`, undefined, undefined, {
      cause: error,
    });
  }
}
