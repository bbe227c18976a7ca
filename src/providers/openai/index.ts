import { text } from "../../calls/assemble.js";
import { chatWithTools } from "../../calls/chat-deltas.js";
import type { ProviderAdapter } from "../../calls/types.js";
import { keyAndBaseEnv } from "../../calls/env.js";
import type { OpenAITypes } from "./messages.js";
import { field, list, parseArguments, resultText } from "../../calls/wire.js";
import { dataURL, isMedia, omitted, outputOf, partText, WEB_IMAGES, type AnswerOptions } from "../../calls/output.js";
import type { CallResult } from "../../tools/call.js";
import {
  argumentJSON,
  bearerHTTP,
  errorMessage,
  replacing,
  usageNamed,
  userText,
  responseMismatch,
} from "../../calls/common.js";
import { openaiStreamSupport } from "./stream.js";

// tooltype/providers/openai: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { openaiStream } from "./stream.js";
export { toOpenAIFormat, OPENAI_RULES, type OpenAITool } from "../../tools/formats/openai.js";
export type {
  OpenAIMessageToolCall,
  OpenAIAssistantMessage,
  OpenAIToolMessage,
  OpenAIUserMessage,
  OpenAITypes,
} from "./messages.js";

/**
 * OpenAI Chat Completions: calls from `choices[0].message.tool_calls`, answers as
 * `{ role: "tool", tool_call_id, content }`, `tool_choice` and `parallel_tool_calls` as the API spells them.
 * A tool message holds text only (its content parts are `text` alone), so images a tool returned (PNG, JPEG, GIF,
 * WebP) follow the tool messages in one user message (`image_url` parts, with no text of the tool's), each move
 * reported; files and other media types are notes in the tool message, reported.
 *
 * @example
 * parseToolCalls(completion, "openai"); // [{ id: "call_1", name: "get_weather", arguments: { location: "Paris" } }]
 */
export const openai: ProviderAdapter<"openai", OpenAITypes> = {
  name: "openai",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "openai", ["choices"], "a Chat Completions response (with choices)", ["choices"]),
  calls: (response) =>
    list(message(response), "tool_calls")
      .filter((c) => field(c, "type") === undefined || field(c, "type") === "function")
      .map((c) => ({
        id: text(field(c, "id") ?? ""),
        name: text(field(field(c, "function"), "name") ?? ""),
        arguments: parseArguments(field(field(c, "function"), "arguments")),
      })),
  toolMessages: (results, options) => {
    const media: unknown[] = [];
    const answers = results.map((r) => ({ role: "tool", tool_call_id: r.id, content: toolContent(r, media, options) }));
    return media.length ? [...answers, { role: "user", content: media }] : answers;
  },
  assistantMessages: (response) => {
    const m = message(response) as Record<string, unknown> | undefined;
    if (!m) return [];
    const calls = list(m, "tool_calls");
    // Seed 002: the assistant message carries its tool_calls before the tool outputs.
    return [{ role: "assistant", content: m.content ?? null, ...(calls.length && { tool_calls: calls }) }];
  },
  text: (response) => (field<string>(message(response), "content") ?? undefined) || undefined,
  truncated: (response) => field(list(response, "choices")[0], "finish_reason") === "length",
  refusal: (response) => field<string>(message(response), "refusal") || undefined,
  withTools: /* @__PURE__ */ chatWithTools("tool_choice", "parallel_tool_calls"),
  userMessage: userText,
  usage: (response) =>
    usageNamed(response, ["prompt_tokens", "input_tokens"], ["completion_tokens", "output_tokens"], ["total_tokens"]),
  errorOf: errorMessage,
  withArguments: (entries, replace) => {
    const swap = replacing(replace);
    return entries.map((m) => {
      const calls = list(m, "tool_calls");
      if (!calls.length) return m;
      const rewritten = calls.map((c) =>
        field(c, "type") === undefined || field(c, "type") === "function"
          ? swap(c, (args) => ({
              ...(c as object),
              function: { ...(field(c, "function") as object), arguments: argumentJSON(args) },
            }))
          : c,
      );
      return { ...(m as object), tool_calls: rewritten };
    });
  },
  stream: openaiStreamSupport,
  http: /* @__PURE__ */ bearerHTTP(
    "https://api.openai.com/v1",
    "chat/completions",
    /* @__PURE__ */ keyAndBaseEnv(["OPENAI_API_KEY"], ["OPENAI_BASE_URL"]),
  ),
};

// The tool message's text; its images are added to `media`, the user message that follows the answers.
// A tool message's content parts: "For tool messages, only type `text` is supported" (OpenAI's API reference,
// ChatCompletionRequestToolMessage); a user message takes `image_url` parts (PNG, JPEG, WebP, non-animated GIF).
// Only an image moves: a user message speaks with the user's voice, so no text of a tool's or a server's goes
// there (no file, whose name and text are theirs, no label naming the tool); a file is a note, reported.
function toolContent(call: CallResult, media: unknown[], options: AnswerOptions | undefined): string {
  const output = outputOf(call, "openai", options);
  if (!output) return resultText(call.result);
  const texts: string[] = [];
  output.parts.forEach((part, index) => {
    if (!isMedia(part)) {
      texts.push(partText(part));
      return;
    }
    if (part.type !== "image" || !WEB_IMAGES.has(part.mediaType.toLowerCase())) {
      texts.push(omitted(part, "openai"));
      output.report(
        index,
        `openai tool messages take text only, and only PNG, JPEG, GIF and WebP images move to the user message after them; the ${part.mediaType} ${part.type} was replaced by a note`,
      );
      return;
    }
    const label = `image ${media.filter((m) => (m as { type: string }).type === "image_url").length + 1}`;
    texts.push(`[${label}: in the next user message]`);
    media.push({ type: "text", text: `${label}, returned by a tool call above (not written by the user):` });
    media.push({ type: "image_url", image_url: { url: dataURL(part) } });
    output.report(index, "openai tool messages take text only; the image was sent in a user message after them");
  });
  return texts.join("\n");
}

function message(response: unknown): unknown {
  return field(list(response, "choices")[0], "message");
}
