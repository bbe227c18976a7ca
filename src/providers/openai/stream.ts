import type { CallTracker, StreamReader, StreamSupport } from "../../calls/types.js";
import { field, list, record } from "../../calls/wire.js";
import { readChatDeltas } from "./chat-deltas.js";
import { named } from "../../calls/assemble.js";

/**
 * OpenAI Chat Completions streams: `chat.completion.chunk` objects, calls in `choices[i].delta.tool_calls`
 * (the quirks of servers that copy the API included: see `readChatDeltas`); asked for with `stream: true` and
 * `stream_options.include_usage`. The rebuilt response is a `chat.completion` of choice 0.
 *
 * @example
 * createToolCallStream("openai").push(chunk);
 */
export const openaiStream: StreamSupport = {
  request: (request) => ({
    ...request,
    stream: true,
    stream_options: { ...(request.stream_options as object | undefined), include_usage: true },
  }),
  read: openaiCalls,
  reader: (calls) => chatReader(calls, (chunk) => chunk, "tool_calls", "finish_reason", false),
};

/**
 * What one chunk of a openai stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * openaiCalls(chunk, tracker);
 */
export function openaiCalls(chunk: object, calls: CallTracker): void {
  readChatDeltas(chunk, calls, "tool_calls");
}

/**
 * The reader of a Chat Completions-style stream (OpenAI's, and Mistral's in its SDK's spelling): choice 0's text,
 * refusal and finish reason, the chunk's usage, and the calls, rebuilt into a chat completion whose message holds
 * the calls under `callsKey` (each with its `index` when `indexed`, as Mistral's responses have it) and whose
 * choice holds the finish reason under `finishKey`.
 *
 * @example
 * const reader = chatReader(tracker, (event) => event.data, "toolCalls", "finishReason", true);
 */
export function chatReader(
  calls: CallTracker,
  chunkOf: (event: unknown) => unknown,
  callsKey: string,
  finishKey: string,
  indexed: boolean,
): StreamReader {
  let base: Record<string, unknown> = {};
  const text: string[] = [];
  const refusal: string[] = [];
  let finish: unknown = null;
  let usage: unknown;
  return {
    push(event) {
      const c = record(chunkOf(event));
      if (!base.id && c.id)
        base = {
          id: c.id,
          object: "chat.completion",
          created: c.created,
          model: c.model,
          ...(c.system_fingerprint !== undefined && { system_fingerprint: c.system_fingerprint }),
        };
      if (c.usage) usage = c.usage;
      for (const choice of list(c, "choices")) {
        if ((field(choice, "index") ?? 0) !== 0) continue; // the loop asks for one choice
        const delta = record(field(choice, "delta"));
        if (typeof delta.content === "string" && delta.content) {
          text.push(delta.content);
          calls.text(delta.content);
        }
        if (typeof delta.refusal === "string") refusal.push(delta.refusal);
        const reason = field(choice, "finish_reason", "finishReason");
        if (reason !== undefined && reason !== null) finish = reason;
      }
      readChatDeltas(c, calls, callsKey, "tool_calls");
    },
    response() {
      const message: Record<string, unknown> = { role: "assistant", content: text.length ? text.join("") : null };
      if (refusal.length) message.refusal = refusal.join("");
      const said = named(calls.list);
      if (said.length)
        message[callsKey] = said.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.argumentText() },
          ...(indexed && { index: call.index }),
        }));
      return {
        ...base,
        choices: [{ index: 0, message, [finishKey]: finish }],
        ...(usage !== undefined && { usage }),
      };
    },
  };
}
