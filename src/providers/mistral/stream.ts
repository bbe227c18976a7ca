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

const dataOf = (event: unknown): unknown => field(event, "data") ?? event;

// A chunk's choices, each delta's `content` as its text: Magistral models stream content as a list of chunks
// (`{ type: "thinking", thinking: [...] }`, `{ type: "text", text }`), of which the text chunks are the answer.
function chunkOf(event: unknown): unknown {
  const chunk = dataOf(event);
  const choices = field(chunk, "choices");
  if (!Array.isArray(choices) || !choices.some((c) => Array.isArray(field(field(c, "delta"), "content")))) return chunk;
  return {
    ...(chunk as object),
    choices: choices.map((c) => {
      const delta = field(c, "delta");
      const content = field(delta, "content");
      return Array.isArray(content) ? { ...c, delta: { ...(delta as object), content: mistralText(content) } } : c;
    }),
  };
}

/**
 * What one chunk of a mistral stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * mistralCalls(chunk, tracker);
 */
export function mistralCalls(event: object, calls: CallTracker): void {
  readChatDeltas(dataOf(event), calls, "toolCalls", "tool_calls");
}

/**
 * The answer's text in a Mistral message `content`: a string as it is, or the `text` chunks of a list of chunks
 * (Magistral models put `thinking` chunks before them); undefined when it holds no text.
 *
 * @example
 * mistralText([{ type: "thinking", thinking: [{ type: "text", text: "2+2=4" }] }, { type: "text", text: "4" }]); // "4"
 */
export function mistralText(content: unknown): string | undefined {
  if (typeof content === "string") return content || undefined;
  if (!Array.isArray(content)) return undefined;
  const said = content
    .filter((chunk) => field(chunk, "type") === "text" && typeof field(chunk, "text") === "string")
    .map((chunk) => field(chunk, "text") as string)
    .join("");
  return said || undefined;
}
