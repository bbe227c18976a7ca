import { toOpenAIFormat } from "../../tools/formats/openai.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter } from "../../calls/types.js";
import type { BedrockTypes } from "./messages.js";
import { field, list, resultData, resultText } from "../../calls/wire.js";
import { omitted, outputOf, type AnswerOptions } from "../../calls/output.js";
import type { CallResult } from "../../tools/call.js";
import { replacing, usageNamed, responseMismatch } from "../../calls/common.js";
import { bedrockStreamSupport, isServerUse } from "./stream.js";
import { bedrockHTTP } from "./http.js";

// tooltype/providers/bedrock: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { bedrockStream } from "./stream.js";
export { toOpenAIFormat, type OpenAITool } from "../../tools/formats/openai.js";
export type { BedrockMessage, BedrockTypes } from "./messages.js";

/**
 * AWS Bedrock Converse: calls are `toolUse` content blocks of `output.message`, answered by one `user`
 * message of `toolResult` blocks (`json` for objects, `text` otherwise; `status: "error"` on failures). A tool's
 * images and files are written as notes (reported): tooltype sends Converse JSON, not the SDK's bytes.
 *
 * @example
 * toToolMessages(results, "bedrock");
 * // [{ role: "user", content: [{ toolResult: { toolUseId: "t1", content: [{ text: "21 °C" }], status: "success" } }]
 * // }]
 */
export const bedrock: ProviderAdapter<"bedrock", BedrockTypes> = {
  name: "bedrock",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "bedrock", ["output", "stopReason"], "a Converse response (with output)"),
  calls: (response) =>
    content(response)
      .map((b) => field(b, "toolUse"))
      .filter((u) => u !== undefined && !isServerUse(u))
      .map((u) => ({
        id: text(field(u, "toolUseId") ?? ""),
        name: text(field(u, "name") ?? ""),
        arguments: field(u, "input") ?? {},
      })),
  toolMessages: (results, options) =>
    results.length
      ? [
          {
            role: "user",
            content: results.map((r) => ({
              toolResult: {
                toolUseId: r.id,
                content: resultContent(r, options),
                status: r.result.success ? "success" : "error",
              },
            })),
          },
        ]
      : [],
  assistantMessages: (response) => {
    const message = field(field(response, "output"), "message");
    return message ? [message] : [];
  },
  text: (response) => {
    const texts = content(response)
      .map((b) => field(b, "text"))
      .filter((t): t is string => typeof t === "string");
    return texts.length ? texts.join("") : undefined;
  },
  truncated: (response) => field(response, "stopReason") === "max_tokens",
  // A guardrail or the content filter stopped the answer; a guardrail's message for blocked output is the text.
  refusal: (response) => {
    const reason = field(response, "stopReason");
    if (reason !== "guardrail_intervened" && reason !== "content_filtered") return undefined;
    return bedrock.text(response) ?? `bedrock stopped the answer (stopReason: ${reason})`;
  },
  withTools: (request, tools, { toolChoice, onIssue }) => {
    const choice =
      toolChoice === undefined || toolChoice === "none"
        ? undefined
        : toolChoice === "auto"
          ? { auto: {} }
          : toolChoice === "required"
            ? { any: {} }
            : { tool: { name: toolChoice.name } };
    const specs = tools.map((t) => {
      // OpenAI's plain shape; its issues (allowedCallers: Converse has no programmatic tool calling) go to onIssue.
      const f = toOpenAIFormat(t, onIssue ? { onIssue } : {}).function;
      return { toolSpec: { name: f.name, description: f.description, inputSchema: { json: f.parameters } } };
    });
    return { ...request, toolConfig: { tools: specs, ...(choice && { toolChoice: choice }) } };
  },
  userMessage: (text) => ({ role: "user", content: [{ text }] }),
  usage: (response) => usageNamed(response, ["inputTokens"], ["outputTokens"], ["totalTokens"]),
  // An exception the stream sent in place of an event (`internalServerException`, `throttlingException`, ...).
  errorOf: (value) => {
    const key =
      typeof value === "object" && value !== null ? Object.keys(value).find((k) => k.endsWith("Exception")) : undefined;
    if (key === undefined) return undefined;
    const message = field((value as Record<string, unknown>)[key], "message");
    return `${key}${typeof message === "string" ? `: ${message}` : ""}`;
  },
  // Converse refuses a toolUse whose input is not an object: a repaired or broken call shows what the tool ran on.
  withArguments: (entries, replace) => {
    const swap = replacing(replace);
    return entries.map((m) => {
      const content = field(m, "content");
      if (!Array.isArray(content)) return m;
      return {
        ...(m as object),
        content: content.map((b) =>
          field(b, "toolUse") === undefined
            ? b
            : swap(b, (input) => ({ ...(b as object), toolUse: { ...(field(b, "toolUse") as object), input } })),
        ),
      };
    });
  },
  stream: bedrockStreamSupport,
  http: bedrockHTTP,
  tracingName: "aws.bedrock",
};

function content(response: unknown): unknown[] {
  return list(field(field(response, "output"), "message"), "content");
}

function resultContent(call: CallResult, options: AnswerOptions | undefined): ({ text: string } | { json: unknown })[] {
  const output = outputOf(call, "bedrock", options);
  if (output) {
    return output.parts.map((part, index) => {
      if (part.type === "text") return { text: part.text };
      if (part.type === "json") return { json: part.value };
      output.report(
        index,
        `bedrock tool results are written as text and JSON here; the ${part.type} was replaced by a note`,
      );
      return { text: omitted(part, "bedrock") };
    });
  }
  const value = call.result.success ? call.result.value : undefined;
  return [
    call.result.success && typeof value === "object" && value !== null && !Array.isArray(value)
      ? { json: resultData(value) }
      : { text: resultText(call.result) },
  ];
}
