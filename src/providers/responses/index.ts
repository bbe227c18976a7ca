import { toResponsesFormat } from "../../tools/formats/responses.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter } from "../../calls/types.js";
import { keyAndBaseEnv } from "../../calls/env.js";
import type { ResponsesTypes } from "./messages.js";
import { field, list, parseArguments, resultText, formatOptions } from "../../calls/wire.js";
import {
  dataURL,
  documented,
  isMedia,
  omitted,
  outputOf,
  partText,
  WEB_IMAGES,
  type AnswerOptions,
} from "../../calls/output.js";
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
import { preview } from "../../util/text.js";
import { programCaller, responsesStreamSupport } from "./stream.js";

// tooltype/providers/responses: the value, its stream alone (for createToolCallStream without the rest), its tool
// format and its message types.
export { responsesStream } from "./stream.js";
export { toResponsesFormat, type ResponsesTool } from "../../tools/formats/responses.js";
export { OPENAI_RULES } from "../../tools/formats/openai.js";
export type {
  ResponsesFunctionCallOutput,
  ResponsesFunctionCall,
  ResponsesAnnotation,
  ResponsesOutputMessage,
  ResponsesReasoningItem,
  ResponsesOutputItem,
  ResponsesTypes,
} from "./messages.js";

/**
 * OpenAI Responses API: calls are `function_call` output items (answered by `call_id`), answers are
 * `function_call_output` items (text, or `input_text`, `input_image` and `input_file` parts for a tool's
 * images and files), tools are flat with `strict` always written; deferred tools (`defer`) carry
 * `defer_loading: true` after a `{ type: "tool_search" }` tool.
 *
 * @example
 * toToolMessages(results, "responses"); // [{ type: "function_call_output", call_id: "call_1", output: "21 °C" }]
 */
export const responses: ProviderAdapter<"responses", ResponsesTypes> = {
  name: "responses",
  toolFormat: "responses",
  conversation: "input",
  responseIssue: (response) =>
    responseMismatch(response, "responses", ["output"], "a Responses API response (with output)", ["output"]),
  calls: (response) =>
    list(response, "output")
      .filter((item) => field(item, "type") === "function_call")
      .map((item) => {
        const caller = programCaller(item);
        return {
          id: text(field(item, "call_id") ?? field(item, "id") ?? ""),
          name: text(field(item, "name") ?? ""),
          arguments: parseArguments(field(item, "arguments")),
          ...(caller && { caller }),
        };
      }),
  toolMessages: (results, options) =>
    results.map((r) => ({ type: "function_call_output", call_id: r.id, output: functionOutput(r, options) })),
  // Every output item goes back into the input: reasoning items must precede their function calls.
  assistantMessages: (response) => list(response, "output"),
  text: (response) => {
    const direct = field<string>(response, "output_text");
    if (typeof direct === "string" && direct) return direct;
    const parts = list(response, "output")
      .filter((item) => field(item, "type") === "message")
      .flatMap((item) => list(item, "content"))
      .filter((c) => field(c, "type") === "output_text")
      .map((c) => text(field(c, "text") ?? ""));
    return parts.length ? parts.join("") : undefined;
  },
  truncated: (response) => field(field(response, "incomplete_details"), "reason") === "max_output_tokens",
  // A message item's `refusal` content part (`{ type: "refusal", refusal }`) in place of `output_text`.
  refusal: (response) => {
    const parts = list(response, "output")
      .filter((item) => field(item, "type") === "message")
      .flatMap((item) => list(item, "content"))
      .filter((c) => field(c, "type") === "refusal")
      .map((c) => text(field(c, "refusal") ?? ""));
    return parts.join("") || (parts.length ? "responses: the model refused to answer" : undefined);
  },
  withTools: (request, tools, options) => {
    const { toolChoice, parallelToolCalls } = options;
    return {
      ...request,
      // Deferred tools (`defer_loading`) are found by OpenAI's hosted tool search, which the request must then hold.
      tools: [
        ...(tools.some((t) => t.defer) ? [{ type: "tool_search" }] : []),
        ...tools.map((t) => toResponsesFormat(t, formatOptions(options))),
      ],
      ...(toolChoice !== undefined && {
        tool_choice: typeof toolChoice === "string" ? toolChoice : { type: "function", name: toolChoice.name },
      }),
      ...(parallelToolCalls !== undefined && { parallel_tool_calls: parallelToolCalls }),
    };
  },
  userMessage: userText,
  usage: (response) => usageNamed(response, ["input_tokens"], ["output_tokens"], ["total_tokens"]),
  // A `response.failed` event is the error of a stream; an error event or body as OpenAI sends them.
  errorOf: (value, event) =>
    field(value, "type") === "response.failed"
      ? `the response failed: ${String(field(field(field(value, "response"), "error"), "message") ?? "no reason given")}`
      : errorMessage(value, event),
  withArguments: (entries, replace) => {
    const swap = replacing(replace);
    return entries.map((item) =>
      field(item, "type") === "function_call"
        ? swap(item, (args) => ({ ...(item as object), arguments: argumentJSON(args) }))
        : item,
    );
  },
  stream: responsesStreamSupport,
  http: /* @__PURE__ */ bearerHTTP(
    "https://api.openai.com/v1",
    "responses",
    /* @__PURE__ */ keyAndBaseEnv(["OPENAI_API_KEY"], ["OPENAI_BASE_URL"]),
  ),
  tracingName: "openai",
  nativeToolSearch: true,
  unrunnable: clientItems,
};

// A result as text, or as content parts when the tool gave parts: `function_call_output.output` is "Text, image,
// or file output of the function tool call" (`input_text`, `input_image`, `input_file`; OpenAI's API reference).
// Images: PNG, JPEG, WebP and non-animated GIF; files: PDF (OpenAI's "Images and vision" and "File inputs" guides).
// Anything else is a note, reported.
// Items that ask the client to run a provider-defined tool (answered with their own output items, not
// function_call_output), or to approve a hosted MCP call. One answered in the same response ran at the provider; a
// custom_tool_call is the client's when the response's tools hold a custom tool of its name (xAI streams its own
// server-run searches as custom_tool_call items); a tool search is the client's when its execution says so.
const CLIENT_ITEMS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "apply_patch_call",
  "computer_call",
  "custom_tool_call",
  "local_shell_call",
  "shell_call",
  "tool_search_call",
  "mcp_approval_request",
]);

function clientItems(response: unknown): string[] {
  const output = list(response, "output");
  const answered = new Set(output.filter((i) => typeOf(i).endsWith("_output")).map((i) => field(i, "call_id")));
  const tools = field(response, "tools");
  const custom = (name: unknown) =>
    !Array.isArray(tools) || tools.some((t) => field(t, "type") === "custom" && field(t, "name") === name);
  const asks = (item: unknown, type: string): boolean => {
    if (!CLIENT_ITEMS.has(type)) return false;
    if (type === "mcp_approval_request") return true;
    if (type === "tool_search_call") return field(item, "execution") === "client";
    if (type === "custom_tool_call" && !custom(field(item, "name"))) return false;
    return !answered.has(field(item, "call_id"));
  };
  return output
    .filter((item) => asks(item, typeOf(item)))
    .map((item) => `${typeOf(item)} ${preview(field(item, "call_id") ?? field(item, "id") ?? "", 80)}`);
}

// An item's type, or "" when it has none that is a string.
function typeOf(item: unknown): string {
  const type = field(item, "type");
  return typeof type === "string" ? type : "";
}

const FILES: ReadonlySet<string> = /* @__PURE__ */ new Set(["application/pdf"]);

function functionOutput(call: CallResult, options: AnswerOptions | undefined): string | unknown[] {
  const output = outputOf(call, "responses", options);
  if (!output) return resultText(call.result);
  return output.parts.map((part, index) => {
    if (!isMedia(part)) return { type: "input_text", text: partText(part) };
    if (!documented(part, WEB_IMAGES, FILES)) {
      output.report(
        index,
        `responses reads images as PNG, JPEG, GIF or WebP and files as PDF; the ${part.mediaType} ${part.type} was replaced by a note`,
      );
      return { type: "input_text", text: omitted(part, "responses") };
    }
    if (part.type === "image") return { type: "input_image", image_url: dataURL(part) };
    return { type: "input_file", file_data: dataURL(part), ...(part.filename && { filename: part.filename }) };
  });
}
