import type { CallTracker, StreamCalls, StreamSupport } from "../../calls/types.js";
import { chatReader, readChatDeltas } from "../../calls/chat-deltas.js";

/**
 * The calls of an OpenAI Chat Completions stream, all that `createToolCallStream` reads: `openaiCalls` and the
 * provider's name. It bundles without the provider's formats and without the reader that rebuilds a whole response
 * (`openai.stream`, the loop's).
 *
 * @example
 * const stream = createToolCallStream(openaiStream);
 * stream.push(chunk);
 */
export const openaiStream: StreamCalls = { name: "openai", read: openaiCalls };

/**
 * The provider value's `stream` (`openai.stream`, what the loop reads): OpenAI Chat Completions streams:
 * `chat.completion.chunk` objects, calls in `choices[i].delta.tool_calls` (the quirks of servers that copy the API
 * included: see `readChatDeltas`); asked for with `stream: true` and `stream_options.include_usage`. The rebuilt
 * response is a `chat.completion` of choice 0.
 *
 * @example
 * const reader = openai.stream!.reader(createCallTracker());
 */
export const openaiStreamSupport: StreamSupport = {
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
