import type { CallTracker, StreamSupport } from "../../calls/types.js";
import { chatReader, readChatDeltas } from "../../calls/chat-deltas.js";

/**
 * OpenAI Chat Completions streams: `chat.completion.chunk` objects, calls in `choices[i].delta.tool_calls`
 * (the quirks of servers that copy the API included: see `readChatDeltas`); asked for with `stream: true` and
 * `stream_options.include_usage`. The rebuilt response is a `chat.completion` of choice 0.
 *
 * @example
 * createToolCallStream("openai").push(chunk);
 */
export const openaiStream: StreamSupport = {
  name: "openai",
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
