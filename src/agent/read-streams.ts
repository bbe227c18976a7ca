import { createCallTracker } from "../calls/assemble.js";
import type { CallTracker, Delta } from "../calls/types.js";
import { checkArguments } from "../calls/viability.js";
import type { AnyTool } from "../tools/tool.js";
import { checkedChunks, eventChunks } from "./stream-chunks.js";

/**
 * What the loop reads a streamed turn with: server-sent events and SDK streams as chunks, the call assembler with
 * its partial JSON parser, and each tool's streamed-argument checks (`viable`, `settled`). `streamTools` always has it;
 * `runTools` and `resume` have it
 * only when given (`readStreams`), so a loop that never streams does not carry it.
 *
 * @example
 * import { readStreams } from "tooltype/agent";
 * await runTools({
 *   provider: openai,
 *   chat: (r) => client.chat.completions.create({ ...r, stream: true }),
 *   request,
 *   tools,
 *   readStreams,
 * });
 */
export interface ReadStreams {
  /** A tracker of one streamed turn's calls, their arguments checked against `tools`, each step told to `emit`. */
  readonly tracker: (tools: readonly AnyTool[], emit: (delta: Delta) => void) => CallTracker;
  /** A byte stream of server-sent events as the provider's chunks, each `checked`; stops when `signal` aborts. */
  readonly events: typeof eventChunks;
  /** An SDK's stream, a binary stream's events or a JSON list as chunks, each `checked`; stops when `signal` aborts. */
  readonly chunks: typeof checkedChunks;
}

/**
 * The loop's stream reading, for `runTools` or `resume` given a `chat` that returns a stream (an SDK's stream, a
 * `Response` of server-sent events): pass it as the option `readStreams`. `streamTools` needs no option.
 *
 * @example
 * import { runTools, readStreams } from "tooltype/agent";
 * const { text } = await runTools({ provider: openai, chat: streamingChat, request, tools: [weather], readStreams });
 */
export const readStreams: ReadStreams = {
  tracker: (tools, emit) => createCallTracker(checkArguments(tools), emit),
  events: eventChunks,
  chunks: checkedChunks,
};
