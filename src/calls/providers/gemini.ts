import { toGeminiFormat } from "../../tools/provider-formats.js";
import type { ProviderAdapter } from "../types.js";
import { GENERATED, field, generatedId, list, resultData } from "../wire.js";

/**
 * Google Gemini (`@google/genai`): calls are `functionCall` parts (ids generated when the API gives none),
 * answered by ONE `user` content of `functionResponse` parts (`response.output` or `response.error`);
 * tools and `functionCallingConfig` go into `config`.
 *
 * @example
 * toToolMessages(results, "gemini"); // [{ role: "user", parts: [{ functionResponse: { name: "get_weather", response: { output: "21 °C" } } }] }]
 */
export const gemini: ProviderAdapter = {
  name: "gemini",
  conversation: "contents",
  calls: (response) =>
    parts(response)
      .map((p) => field(p, "functionCall"))
      .filter((c) => c !== undefined)
      .map((c, i) => {
        const name = String(field(c, "name") ?? "");
        return { id: String(field(c, "id") ?? generatedId(name, i)), name, arguments: field(c, "args") ?? {} };
      }),
  toolMessages: (results) =>
    results.length
      ? [
          {
            role: "user",
            parts: results.map((r) => ({
              functionResponse: {
                ...(!r.id.startsWith(GENERATED) && { id: r.id }),
                name: r.name,
                response: r.result.success ? { output: resultData(r.result.value) } : { error: r.result.error },
              },
            })),
          },
        ]
      : [],
  assistantMessages: (response) => {
    const content = field(list(response, "candidates")[0], "content");
    return content ? [content] : [];
  },
  text: (response) => {
    const texts = parts(response)
      .filter((p) => typeof field(p, "text") === "string" && field(p, "thought") !== true)
      .map((p) => field<string>(p, "text")!);
    return texts.length ? texts.join("") : undefined;
  },
  truncated: (response) => field(list(response, "candidates")[0], "finishReason", "finish_reason") === "MAX_TOKENS",
  withTools: (request, tools, { toolChoice }) => {
    const config = (request.config as Record<string, unknown> | undefined) ?? {};
    const mode = toolChoice === undefined ? undefined : toolChoice === "auto" ? "AUTO" : toolChoice === "none" ? "NONE" : "ANY";
    const functionCallingConfig = mode && { mode, ...(typeof toolChoice === "object" && { allowedFunctionNames: [toolChoice.name] }) };
    return {
      ...request,
      config: {
        ...config,
        tools: [...((config.tools as unknown[] | undefined) ?? []), { functionDeclarations: tools.map((t) => toGeminiFormat(t)) }],
        ...(functionCallingConfig && { toolConfig: { ...(config.toolConfig as object | undefined), functionCallingConfig } }),
      },
    };
  },
};

function parts(response: unknown): unknown[] {
  return list(field(list(response, "candidates")[0], "content"), "parts");
}
