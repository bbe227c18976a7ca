import type { CallTracker, StreamCalls, StreamSupport } from "../../calls/types.js";
import { field, generatedId, list, parseArguments, record } from "../../calls/wire.js";
import { text } from "../../calls/assemble.js";

/**
 * The calls of an Ollama chat stream, all that `createToolCallStream` reads: `ollamaCalls` and the provider's name. It
 * bundles without the provider's formats and without the reader that rebuilds a whole response (`ollama.stream`, the
 * loop's).
 *
 * @example
 * const stream = createToolCallStream(ollamaStream);
 * stream.push(chunk);
 */
export const ollamaStream: StreamCalls = { name: "ollama", read: ollamaCalls };

/**
 * The provider value's `stream` (`ollama.stream`, what the loop reads): Ollama chat streams (`stream: true`,
 * newline-delimited JSON, or the SDK's async iterator): each chunk a message piece, calls arriving whole in
 * `message.tool_calls`. The rebuilt response is the last chunk with one message: its content and thinking joined, every
 * call.
 *
 * @example
 * const reader = ollama.stream!.reader(createCallTracker());
 */
export const ollamaStreamSupport: StreamSupport = {
  name: "ollama",
  request: (request) => ({ ...request, stream: true }),
  read: ollamaCalls,
  reader(calls) {
    let last: Record<string, unknown> = {};
    const content: string[] = [];
    const thinking: string[] = [];
    const toolCalls: unknown[] = [];
    return {
      push(chunk) {
        const { message, ...rest } = record(chunk);
        last = rest;
        const m = record(message);
        if (typeof m.content === "string") content.push(m.content);
        if (typeof m.thinking === "string") thinking.push(m.thinking);
        for (const call of list(m, "tool_calls")) toolCalls.push(call); // no spread: a list from the wire may be long
        if (typeof m.content === "string") calls.text(m.content);
        ollamaCalls(record(chunk), calls);
      },
      response: () => ({
        ...last,
        message: {
          role: "assistant",
          content: content.join(""),
          ...(thinking.length && { thinking: thinking.join("") }),
          ...(toolCalls.length && { tool_calls: toolCalls }),
        },
      }),
    };
  },
};

/**
 * What one chunk of a ollama stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * ollamaCalls(chunk, tracker);
 */
export function ollamaCalls(chunk: object, calls: CallTracker): void {
  for (const raw of list(field(chunk, "message"), "tool_calls")) {
    const call = calls.open(text(calls.list.length));
    call.name = text(field(field(raw, "function"), "name") ?? "");
    call.id = text(field(raw, "id") ?? generatedId(call.name, call.index));
    calls.whole(call, parseArguments(field(field(raw, "function"), "arguments")));
  }
}
