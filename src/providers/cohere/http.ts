import type { ProviderHTTP } from "../../calls/types.js";
import { bearerHTTP, snakeChat, snakeKeys } from "../../calls/common.js";
import { keyAndBaseEnv } from "../../calls/env.js";

/**
 * Cohere's v2 chat over HTTP: `POST {base}/v2/chat` with `authorization: Bearer`. The key from `CO_API_KEY` (what the
 * `cohere-ai` SDK reads), else `COHERE_API_KEY` (what the AI SDK's Cohere provider reads); the base URL from
 * `CO_API_URL` (what the Python SDK reads). The request is written in the SDK's camelCase (`toolCalls`, `toolCallId`,
 * `strictTools`, as `runTools` writes it) and sent in the REST API's snake_case; the stream is server-sent events.
 *
 * @example
 * cohereHTTP.request(cohereHTTP.baseURL, { model: "command-a-03-2025", messages, strictTools: true }, key);
 * // { url: "https://api.cohere.com/v2/chat", body: '{"model":...,"strict_tools":true}', ... }
 */
export const cohereHTTP: ProviderHTTP = /* @__PURE__ */ bearerHTTP(
  "https://api.cohere.com",
  "v2/chat",
  /* @__PURE__ */ keyAndBaseEnv(["CO_API_KEY", "COHERE_API_KEY"], ["CO_API_URL"]),
  // A JSON schema under `response_format.json_schema` keeps its names; `thinking.tokenBudget` is `token_budget`.
  (request) => snakeChat(request, { response_format: snakeKeys, thinking: snakeKeys }),
);
