import type { ProviderHTTP } from "../../calls/types.js";
import { requestJSON } from "../../calls/common.js";
import { keyAndBaseEnv } from "../../calls/env.js";

/**
 * Gemini's REST API: `models/{model}:streamGenerateContent?alt=sse`, the key in `x-goog-api-key`, the request
 * written in the SDK's shape (`{ model, contents, config }`, as `runTools` writes it) and sent in the REST shape
 * (`geminiBody`).
 *
 * @example
 * geminiHTTP.request(geminiHTTP.baseURL, { model: "gemini-2.5-flash", contents }, apiKey).url;
 * // "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
 */
export const geminiHTTP: ProviderHTTP = {
  baseURL: "https://generativelanguage.googleapis.com/v1beta",
  env: /* @__PURE__ */ keyAndBaseEnv(["GEMINI_API_KEY", "GOOGLE_API_KEY"], ["GOOGLE_GEMINI_BASE_URL"]),
  request(base, body, apiKey) {
    const model = String(body.model ?? "");
    if (!model) throw new TypeError("httpChat: a Gemini request needs a model");
    const path = model.startsWith("models/") || model.startsWith("tunedModels/") ? model : `models/${model}`;
    return {
      url: `${base}/${path}:streamGenerateContent?alt=sse`,
      headers: (apiKey ? { "x-goog-api-key": apiKey } : {}) as Record<string, string>,
      body: requestJSON(geminiBody(body)),
    };
  },
};

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
