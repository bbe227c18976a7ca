import { toAnthropicTools } from "../../tools/formats/anthropic.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter, ToolChoice } from "../../calls/types.js";
import { keyAndBaseEnv } from "../../calls/env.js";
import type { AnthropicTypes } from "./messages.js";
import { field, list, resultText, formatOptions } from "../../calls/wire.js";
import { isMedia, omitted, outputOf, partText, WEB_IMAGES, type AnswerOptions } from "../../calls/output.js";
import type { CallResult } from "../../tools/call.js";
import { decodeBase64 } from "../../util/base64.js";
import {
  errorMessage,
  replacing,
  requestJSON,
  sum,
  tokenCount,
  tokenUsage,
  userText,
  responseMismatch,
} from "../../calls/common.js";
import { anthropicStreamSupport, programCaller } from "./stream.js";

// tooltype/providers/anthropic: the value, its stream alone (for createToolCallStream without the rest), its tool
// format and its message types.
export { anthropicStream } from "./stream.js";
export {
  toAnthropicFormat,
  toAnthropicTools,
  anthropicStrictIssues,
  ANTHROPIC_STRICT_LIMITS,
  ANTHROPIC_RULES,
  type AnthropicTool,
  type AnthropicFormatOptions,
} from "../../tools/formats/anthropic.js";
export type {
  AnthropicContentBlock,
  AnthropicAssistantMessage,
  AnthropicToolResultBlock,
  AnthropicToolResultMessage,
  AnthropicTypes,
} from "./messages.js";

/**
 * Anthropic Messages API: calls are `tool_use` content blocks, answered by ONE `user` message of
 * `tool_result` blocks (`is_error` on failures); `tool_choice` is `{ type: "auto" | "any" | "tool" | "none" }`.
 * A tool's parts become `text`, `image` (JPEG, PNG, GIF, WebP) and `document` (PDF, plain text) blocks; another
 * image or file type is a note, reported. Deferred tools (`defer`) carry `defer_loading: true`, and the tool search
 * tool (`tool_search_tool_regex_20251119`) comes first in `tools`.
 *
 * @example
 * toToolMessages(results, "anthropic");
 * // [{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "21 °C" }] }]
 */
export const anthropic: ProviderAdapter<"anthropic", AnthropicTypes> = {
  name: "anthropic",
  toolFormat: "anthropic",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "anthropic", ["content"], "a Messages API response (with content)", ["content"]),
  calls: (response) =>
    list(response, "content")
      .filter((b) => field(b, "type") === "tool_use")
      .map((b) => {
        const caller = programCaller(b);
        return {
          id: text(field(b, "id") ?? ""),
          name: text(field(b, "name") ?? ""),
          arguments: field(b, "input") ?? {},
          ...(caller && { caller }),
        };
      }),
  toolMessages: (results, options) =>
    results.length
      ? [
          {
            role: "user",
            content: results.map((r) => ({
              type: "tool_result",
              tool_use_id: r.id,
              content: resultContent(r, options),
              ...(!r.result.success && { is_error: true }),
            })),
          },
        ]
      : [],
  assistantMessages: (response) => [{ role: "assistant", content: list(response, "content") }],
  text: (response) => {
    const parts = list(response, "content")
      .filter((b) => field(b, "type") === "text")
      .map((b) => text(field(b, "text") ?? ""));
    return parts.length ? parts.join("") : undefined;
  },
  truncated: (response) => field(response, "stop_reason") === "max_tokens",
  // `stop_reason: "refusal"`: the streaming classifiers stopped the answer; any text before that is kept.
  refusal: (response) =>
    field(response, "stop_reason") === "refusal"
      ? (anthropic.text(response) ?? "anthropic declined to answer (stop_reason: refusal)")
      : undefined,
  withTools: (request, tools, options) => {
    const { toolChoice, parallelToolCalls, cacheControl } = options;
    const choice = anthropicChoice(toolChoice ?? (parallelToolCalls === false ? "auto" : undefined), parallelToolCalls);
    const formatted = toAnthropicTools(tools, {
      ...formatOptions(options),
      ...(cacheControl !== undefined && { cacheControl }),
    });
    // Deferred tools (`defer_loading`) are found by Anthropic's tool search, which the request must then hold.
    const search = tools.some((t) => t.defer) ? [ANTHROPIC_TOOL_SEARCH] : [];
    return { ...request, tools: [...search, ...formatted], ...(choice && { tool_choice: choice }) };
  },
  userMessage: userText,
  usage: (response) => {
    // Cache reads and writes are input too.
    const usage = field(response, "usage");
    const cached = field(usage, "cache_read_input_tokens", "cache_creation_input_tokens") !== undefined;
    const count = (name: string) => tokenCount(field(usage, name));
    const input = cached
      ? sum(count("input_tokens"), sum(count("cache_read_input_tokens"), count("cache_creation_input_tokens")))
      : count("input_tokens");
    return tokenUsage(usage, input, count("output_tokens"), count("total_tokens"));
  },
  errorOf: errorMessage,
  withArguments: (entries, replace) => {
    const swap = replacing(replace);
    return entries.map((m) => {
      const content = field(m, "content");
      if (!Array.isArray(content)) return m;
      return {
        ...(m as object),
        content: content.map((b) =>
          field(b, "type") === "tool_use" ? swap(b, (input) => ({ ...(b as object), input })) : b,
        ),
      };
    });
  },
  stream: anthropicStreamSupport,
  http: {
    baseURL: "https://api.anthropic.com/v1",
    env: /* @__PURE__ */ keyAndBaseEnv(["ANTHROPIC_API_KEY"], ["ANTHROPIC_BASE_URL"]),
    request: (base, body, apiKey) => ({
      url: `${base}/messages`,
      headers: { "anthropic-version": "2023-06-01", ...(apiKey && { "x-api-key": apiKey }) },
      body: requestJSON(body),
    }),
  },
  nativeToolSearch: true,
  carryOver: (request, response) => {
    // "container_id is required when there are pending tool uses generated by code execution with tools".
    const id = field(field(response, "container"), "id");
    if (typeof id !== "string" || !id) return undefined;
    const given = request.container;
    return { container: typeof given === "object" && given !== null ? { ...given, id } : id };
  },
};

/** Anthropic's server-side tool search (regular expressions over the deferred tools' names and descriptions). */
const ANTHROPIC_TOOL_SEARCH = { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" } as const;

function anthropicChoice(
  choice: ToolChoice | undefined,
  parallel: boolean | undefined,
): Record<string, unknown> | undefined {
  if (choice === undefined) return undefined;
  const single = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === "none") return { type: "none" };
  if (choice === "auto") return { type: "auto", ...single };
  if (choice === "required") return { type: "any", ...single };
  return { type: "tool", name: choice.name, ...single };
}

// What Anthropic reads in a tool result: `text`, `image` (base64 JPEG, PNG, GIF or WebP) and `document` (a base64
// PDF or plain text) blocks (https://docs.anthropic.com/en/api/messages, tool_result content).

function resultContent(call: CallResult, options: AnswerOptions | undefined): string | unknown[] {
  const output = outputOf(call, "anthropic", options);
  if (!output) return resultText(call.result);
  return output.parts.map((part, index) => {
    if (!isMedia(part)) return { type: "text", text: partText(part) };
    if (part.type === "image" && WEB_IMAGES.has(part.mediaType.toLowerCase()))
      return { type: "image", source: { type: "base64", media_type: part.mediaType.toLowerCase(), data: part.data } };
    const title = part.type === "file" && part.filename ? { title: part.filename } : {};
    if (part.mediaType === "application/pdf")
      return { type: "document", source: { type: "base64", media_type: "application/pdf", data: part.data }, ...title };
    if (part.mediaType === "text/plain")
      return {
        type: "document",
        source: { type: "text", media_type: "text/plain", data: new TextDecoder().decode(decodeBase64(part.data)) },
        ...title,
      };
    output.report(
      index,
      `anthropic reads images as JPEG, PNG, GIF or WebP and documents as PDF or plain text; the ${part.mediaType} ${part.type} was replaced by a note`,
    );
    return { type: "text", text: omitted(part, "anthropic") };
  });
}
