import type { CallTracker, StreamCalls, StreamSupport } from "../../calls/types.js";
import { field } from "../../calls/wire.js";
import { chatReader, readChatDeltas } from "../../calls/chat-deltas.js";

/**
 * The calls of a Mistral chat stream, all that `createToolCallStream` reads: `mistralCalls` and the provider's name. It
 * bundles without the provider's formats and without the reader that rebuilds a whole response (`mistral.stream`, the
 * loop's).
 *
 * @example
 * const stream = createToolCallStream(mistralStream);
 * stream.push(chunk);
 */
export const mistralStream: StreamCalls = { name: "mistral", read: mistralCalls };

/**
 * The provider value's `stream` (`mistral.stream`, what the loop reads): Mistral chat streams (the SDK's `chat.stream`,
 * whose events hold the chunk under `data`, and the snake_case wire): OpenAI-style deltas under `toolCalls` or
 * `tool_calls`. The rebuilt response is a chat response of choice 0, in the SDK's camelCase.
 *
 * @example
 * const reader = mistral.stream!.reader(createCallTracker());
 */
export const mistralStreamSupport: StreamSupport = {
  name: "mistral",
  request: (request) => ({ ...request, stream: true }),
  read: mistralCalls,
  reader: (calls) => chatReader(calls, chunkOf, "toolCalls", "finishReason", true),
};

const chunkOf = (event: unknown): unknown => field(event, "data") ?? event;

/**
 * What one chunk of a mistral stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * mistralCalls(chunk, tracker);
 */
export function mistralCalls(event: object, calls: CallTracker): void {
  readChatDeltas(chunkOf(event), calls, "toolCalls", "tool_calls");
}
