import type { StreamingProvider } from "./assemble.js";

/**
 * Options of `httpChat`.
 *
 * @example
 * httpChat("openai", { apiKey, baseURL: "http://localhost:11434/v1", headers: { "OpenAI-Organization": "org_1" } });
 */
export interface HttpChatOptions {
  /** Sent as the provider expects it (`Authorization: Bearer`, `x-api-key`, `x-goog-api-key`); leave it out behind a proxy that adds it. */
  readonly apiKey?: string;
  /** The API's base URL, e.g. a proxy or a local server; defaults to the provider's public API. */
  readonly baseURL?: string;
  /** More headers (an organization, a beta flag, `anthropic-dangerous-direct-browser-access` in a browser). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to use (default: the global one). */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

const BASE: Readonly<Record<StreamingProvider, string>> = {
  openai: "https://api.openai.com/v1",
  responses: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  gemini: "https://generativelanguage.googleapis.com/v1beta",
};

/**
 * A `chat` function for the loop that calls a provider's HTTP API with `fetch`, no SDK: OpenAI
 * `/chat/completions`, `/responses`, Anthropic `/messages`, Gemini `models/{model}:streamGenerateContent?alt=sse`.
 * It returns the `Response`; the loop reads its JSON or its server-sent events as they arrive, and its
 * signal aborts the request. Gemini requests are written in the SDK's shape (`{ model, contents, config }`,
 * as `runTools` writes them) and sent in the REST shape (`tools`, `toolConfig`, `systemInstruction`,
 * `generationConfig` at the top).
 *
 * @example
 * for await (const event of streamTools({ provider: "openai", chat: httpChat("openai", { apiKey }), request, tools })) ...
 */
export function httpChat(
  provider: StreamingProvider,
  options: HttpChatOptions = {},
): (request: object, init?: { readonly signal?: AbortSignal }) => Promise<Response> {
  if (!Object.hasOwn(BASE, provider))
    throw new TypeError(
      `httpChat: provider must be one of ${Object.keys(BASE).join(", ")}, received ${JSON.stringify(provider)}`,
    );
  const base = (options.baseURL ?? BASE[provider]).replace(/\/+$/, "");
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  return (request, init = {}) => {
    const body = { ...(request as Record<string, unknown>) };
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    let url: string;
    if (provider === "gemini") {
      const model = String(body.model ?? "");
      if (!model) throw new TypeError("httpChat: a Gemini request needs a model");
      url = `${base}/${model.startsWith("models/") || model.startsWith("tunedModels/") ? model : `models/${model}`}:streamGenerateContent?alt=sse`;
      if (options.apiKey) headers["x-goog-api-key"] = options.apiKey;
      Object.assign(headers, options.headers);
      return send(url, {
        method: "POST",
        headers,
        body: JSON.stringify(geminiBody(body)),
        ...(init.signal && { signal: init.signal }),
      });
    }
    url = `${base}/${provider === "openai" ? "chat/completions" : provider === "responses" ? "responses" : "messages"}`;
    if (provider === "anthropic") {
      headers["anthropic-version"] = "2023-06-01";
      if (options.apiKey) headers["x-api-key"] = options.apiKey;
    } else if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    Object.assign(headers, options.headers);
    return send(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      ...(init.signal && { signal: init.signal }),
    });
  };
}

// The SDK's `config` fields that the REST API takes at the top; every other one is a generation setting.
const TOP = new Set(["tools", "toolConfig", "systemInstruction", "safetySettings", "cachedContent", "labels"]);
const CLIENT_ONLY = new Set(["abortSignal", "httpOptions"]);

/**
 * A Gemini request in the SDK's shape (`@google/genai`: `{ model, contents, config }`) as the REST body.
 *
 * @example
 * geminiBody({ model: "gemini-2.5-flash", contents, config: { temperature: 0, tools } });
 * // { contents, tools, generationConfig: { temperature: 0 } }
 */
export function geminiBody(request: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, config, ...rest } = request;
  const body: Record<string, unknown> = { ...rest };
  const generationConfig: Record<string, unknown> = { ...(rest.generationConfig as object | undefined) };
  for (const [key, value] of Object.entries((config as Record<string, unknown> | undefined) ?? {})) {
    if (CLIENT_ONLY.has(key) || value === undefined) continue;
    if (TOP.has(key))
      body[key] = key === "systemInstruction" && typeof value === "string" ? { parts: [{ text: value }] } : value;
    else generationConfig[key] = value;
  }
  if (typeof body.contents === "string") body.contents = [{ role: "user", parts: [{ text: body.contents }] }];
  if (Object.keys(generationConfig).length) body.generationConfig = generationConfig;
  return body;
}
