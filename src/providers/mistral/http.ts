import type { ProviderHTTP } from "../../calls/types.js";
import { bearerHTTP, snakeChat, snakeKeys } from "../../calls/common.js";
import { keyAndBaseEnv } from "../../calls/env.js";

/**
 * Mistral's chat completions over HTTP: `POST {base}/chat/completions` with `authorization: Bearer`, the key from
 * `MISTRAL_API_KEY` (the variable the `@mistralai/mistralai` SDK reads; it reads no base URL). The request is
 * written in the SDK's camelCase (`toolChoice`, `toolCallId`, as `runTools` writes it) and sent in the REST API's
 * snake_case; the stream is server-sent events ending with `[DONE]`.
 *
 * @example
 * mistralHTTP.request(mistralHTTP.baseURL, { model: "mistral-small-latest", messages, toolChoice: "any" }, key);
 * // { url: "https://api.mistral.ai/v1/chat/completions", body: '{"model":...,"tool_choice":"any"}', ... }
 */
export const mistralHTTP: ProviderHTTP = /* @__PURE__ */ bearerHTTP(
  "https://api.mistral.ai/v1",
  "chat/completions",
  /* @__PURE__ */ keyAndBaseEnv(["MISTRAL_API_KEY"]),
  (request) => snakeChat(request, { response_format: responseFormat }),
);

// `{ type: "json_schema", jsonSchema: { name, schemaDefinition, strict } }`: the REST API calls the schema `schema`.
function responseFormat(value: unknown): unknown {
  const format = snakeKeys(value) as Record<string, unknown>;
  if (typeof format.json_schema !== "object" || format.json_schema === null) return format;
  const { schema_definition, ...jsonSchema } = snakeKeys(format.json_schema) as Record<string, unknown>;
  return {
    ...format,
    json_schema: { ...jsonSchema, ...(schema_definition !== undefined && { schema: schema_definition }) },
  };
}
