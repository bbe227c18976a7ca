import { toGeminiFormat } from "../../tools/formats/gemini.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter } from "../../calls/types.js";
import type { GeminiTypes } from "./messages.js";
import { GENERATED, field, generatedId, list, resultData, formatOptions } from "../../calls/wire.js";
import { documented, isMedia, omitted, outputOf, partText, type AnswerOptions } from "../../calls/output.js";
import type { CallResult } from "../../tools/call.js";
import { errorMessage, replacing, sum, tokenCount, tokenUsage, responseMismatch } from "../../calls/common.js";
import { geminiStreamSupport } from "./stream.js";
import { geminiHTTP } from "./http.js";

// tooltype/providers/gemini: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { geminiStream } from "./stream.js";
export { toGeminiFormat, type GeminiFunctionDeclaration } from "../../tools/formats/gemini.js";
export { geminiBody } from "./http.js";
export type { GeminiPart, GeminiContent, GeminiTypes } from "./messages.js";

/**
 * Google Gemini (`@google/genai`): calls are `functionCall` parts (ids generated when the API gives none),
 * answered by ONE `user` content of `functionResponse` parts (`response.output` or `response.error`; a tool's
 * images and files as the function response's own `parts`, `inlineData`);
 * tools and `functionCallingConfig` go into `config`.
 *
 * @example
 * toToolMessages(results, "gemini");
 * // [{ role: "user", parts: [{ functionResponse: { name: "get_weather", response: { output: "21 °C" } } }] }]
 */
export const gemini: ProviderAdapter<"gemini", GeminiTypes> = {
  name: "gemini",
  toolFormat: "gemini",
  conversation: "contents",
  responseIssue: (response) =>
    responseMismatch(
      response,
      "gemini",
      ["candidates", "promptFeedback"],
      "a generateContent response (with candidates)",
      ["candidates"],
    ),
  calls: (response) =>
    parts(response)
      .map((p) => field(p, "functionCall"))
      .filter((c) => c !== undefined)
      .map((c, i) => {
        const name = text(field(c, "name") ?? "");
        return { id: text(field(c, "id") ?? generatedId(name, i)), name, arguments: field(c, "args") ?? {} };
      }),
  toolMessages: (results, options) =>
    results.length
      ? [
          {
            role: "user",
            parts: results.map((r) => ({
              functionResponse: {
                ...(!r.id.startsWith(GENERATED) && { id: r.id }),
                name: r.name,
                ...functionResponse(r, options),
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
  refusal: (response) => {
    const feedback = field(response, "promptFeedback", "prompt_feedback");
    const blocked = field<string>(feedback, "blockReason", "block_reason");
    if (blocked)
      return (
        field<string>(feedback, "blockReasonMessage", "block_reason_message") ??
        `gemini blocked the prompt (blockReason: ${blocked})`
      );
    const candidate = list(response, "candidates")[0];
    const reason = field<string>(candidate, "finishReason", "finish_reason");
    if (!reason || !REFUSALS.has(reason)) return undefined;
    return (
      field<string>(candidate, "finishMessage", "finish_message") ??
      `gemini stopped the answer (finishReason: ${reason})`
    );
  },
  withTools: (request, tools, options) => {
    const { toolChoice, strict } = options;
    const config = (request.config as Record<string, unknown> | undefined) ?? {};
    // Gemini's strict mode is a calling mode: VALIDATED checks each call against its declaration (and may answer in
    // text).
    const mode =
      toolChoice === "none"
        ? "NONE"
        : toolChoice === "required" || typeof toolChoice === "object"
          ? "ANY"
          : strict
            ? "VALIDATED"
            : toolChoice === "auto"
              ? "AUTO"
              : undefined;
    const functionCallingConfig = mode && {
      mode,
      ...(typeof toolChoice === "object" && { allowedFunctionNames: [toolChoice.name] }),
    };
    return {
      ...request,
      config: {
        ...config,
        tools: [
          ...((config.tools as unknown[] | undefined) ?? []),
          {
            functionDeclarations: tools.map((t) => toGeminiFormat(t, formatOptions({ ...options, strict: undefined }))),
          },
        ],
        ...(functionCallingConfig && {
          toolConfig: { ...(config.toolConfig as object | undefined), functionCallingConfig },
        }),
      },
    };
  },
  userMessage: (text) => ({ role: "user", parts: [{ text }] }),
  usage: (response) => {
    // Thoughts are output too.
    const usage = field(response, "usageMetadata", "usage_metadata");
    const output = sum(
      tokenCount(field(usage, "candidatesTokenCount")),
      tokenCount(field(usage, "thoughtsTokenCount")),
    );
    return tokenUsage(usage, field(usage, "promptTokenCount"), output, field(usage, "totalTokenCount"));
  },
  errorOf: errorMessage,
  withArguments: (entries, replace) => {
    const swap = replacing(replace);
    return entries.map((c) => {
      const parts = list(c, "parts");
      if (!parts.length) return c;
      return {
        ...(c as object),
        parts: parts.map((p) =>
          field(p, "functionCall") !== undefined
            ? swap(p, (args) => ({ ...(p as object), functionCall: { ...(field(p, "functionCall") as object), args } }))
            : p,
        ),
      };
    });
  },
  stream: geminiStreamSupport,
  http: geminiHTTP,
  tracingName: "gcp.gemini",
};

// Finish reasons that mean the answer was withheld: safety filters, blocked terms, personal data, recitation.
const REFUSALS = /* @__PURE__ */ new Set(["SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION"]);

function parts(response: unknown): unknown[] {
  return list(field(list(response, "candidates")[0], "content"), "parts");
}

// The media types Gemini documents for a function response's parts (the function calling guide, "multimodal
// function responses"): images PNG, JPEG, WebP; documents PDF, plain text. Anything else is a note, reported.
const IMAGES: ReadonlySet<string> = /* @__PURE__ */ new Set(["image/png", "image/jpeg", "image/webp"]);
const FILES: ReadonlySet<string> = /* @__PURE__ */ new Set(["application/pdf", "text/plain"]);

// `response` (the value, or the text and JSON parts) and `parts` (the images and files): FunctionResponse.parts,
// "Ordered Parts that constitute a function response", each `inlineData` with a MIME type
// (https://ai.google.dev/api/caching#FunctionResponse).
function functionResponse(
  call: CallResult,
  options: AnswerOptions | undefined,
): { response: Record<string, unknown>; parts?: unknown[] } {
  const result = call.result;
  if (!result.success) return { response: { error: result.error } };
  const output = outputOf(call, "gemini", options);
  if (!output) return { response: { output: resultData(result.value) } };
  const notes: string[] = [];
  const media = output.parts.flatMap((part, index) => {
    if (!isMedia(part)) return [];
    if (documented(part, IMAGES, FILES)) return [part];
    output.report(
      index,
      `gemini reads images as PNG, JPEG or WebP and documents as PDF or plain text in a function response; the ${part.mediaType} ${part.type} was replaced by a note`,
    );
    notes.push(omitted(part, "gemini"));
    return [];
  });
  const data = output.parts.filter((p) => !isMedia(p));
  const only =
    data.length === 1 && data[0]!.type === "json" && !notes.length
      ? data[0]!.value
      : [...data.map(partText), ...notes].join("\n");
  const parts = media.map((p) => ({
    inlineData: {
      mimeType: p.mediaType,
      data: p.data,
      ...(p.type === "file" && p.filename && { displayName: p.filename }),
    },
  }));
  return { response: { output: only }, ...(parts.length && { parts }) };
}
