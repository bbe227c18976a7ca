import type { CallTracker, StreamCalls, StreamSupport, ToolCaller } from "../../calls/types.js";
import { field, list, parseArguments, record } from "../../calls/wire.js";
import { isClosed, text } from "../../calls/assemble.js";
import { indexedBlocks } from "../blocks.js";

/**
 * The calls of an Anthropic Messages stream, all that `createToolCallStream` reads: `anthropicCalls` and the provider's
 * name. It bundles without the provider's formats and without the reader that rebuilds a whole response
 * (`anthropic.stream`, the loop's).
 *
 * @example
 * const stream = createToolCallStream(anthropicStream);
 * stream.push(chunk);
 */
export const anthropicStream: StreamCalls = { name: "anthropic", read: anthropicCalls };

/**
 * The provider value's `stream` (`anthropic.stream`, what the loop reads): Anthropic Messages streams: `message_start`,
 * `content_block_start` / `_delta` / `_stop` keyed by `index` (calls are `tool_use` blocks, their input in
 * `input_json_delta` pieces), `message_delta`. The rebuilt response is the message with every block whole (text,
 * thinking and its signature, citations).
 *
 * @example
 * const reader = anthropic.stream!.reader(createCallTracker());
 */
export const anthropicStreamSupport: StreamSupport = {
  name: "anthropic",
  request: (request) => ({ ...request, stream: true }),
  read: anthropicCalls,
  reader(calls) {
    let base: Record<string, unknown> = {};
    const blocks = indexedBlocks();
    let usage: Record<string, unknown> = {};
    const extra: Record<string, unknown> = {};
    // The input of a block run by Anthropic (server_tool_use): streamed as a call's is, but no call to run.
    const serverInput = new Map<number, string>();
    return {
      push(event) {
        const e = record(event);
        const index = Number(e.index);
        if (e.type === "message_start") {
          base = { ...record(e.message) };
          usage = { ...record(record(e.message).usage) };
          // Blocks that come whole in message_start (a call made from a program) are the turn's first blocks.
          list(e.message, "content").forEach((block, at) => {
            blocks.start(at, { ...record(block) });
          });
        } else if (e.type === "content_block_start") {
          const block = { ...record(e.content_block) };
          blocks.start(index, block);
          if (block.type === "text" && typeof block.text === "string" && block.text) {
            blocks.addText(index, block.text);
            calls.text(block.text);
          }
        } else if (e.type === "content_block_delta") {
          const delta = record(e.delta);
          const block = blocks.find(index);
          if (!block) return;
          if (delta.type === "input_json_delta" && block.type === "server_tool_use")
            serverInput.set(index, (serverInput.get(index) ?? "") + text(delta.partial_json ?? ""));
          else if (delta.type === "text_delta" && typeof delta.text === "string") {
            blocks.addText(index, delta.text);
            calls.text(delta.text);
          } else if (delta.type === "thinking_delta" && typeof delta.thinking === "string") {
            block.thinking = String(block.thinking ?? "") + delta.thinking;
          } else if (delta.type === "signature_delta" && typeof delta.signature === "string") {
            block.signature = delta.signature;
          } else if (delta.type === "citations_delta") {
            block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
          }
        } else if (e.type === "message_delta") {
          Object.assign(extra, record(e.delta));
          usage = { ...usage, ...givenCounts(record(e.usage)) };
        }
        anthropicCalls(e, calls);
      },
      response() {
        const content = blocks.rebuilt((block, index, said) => {
          if (said !== undefined) return { ...block, text: said };
          const streamed = serverInput.get(index);
          if (streamed) return { ...block, input: parseArguments(streamed) };
          const call = isCall(block) ? calls.find(text(index)) : undefined;
          return call ? { ...block, input: parseArguments(call.argumentText()) } : block;
        });
        return { ...base, content, ...extra, usage };
      },
    };
  },
};

// message_delta's counts are running totals; a null one means "as message_start said" (the SDK keeps it so).
const givenCounts = (counts: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count != null));

// A call to run: a tool_use block. A server_tool_use block is a tool Anthropic runs itself (web search, code
// execution): its result follows in the same turn, so it is kept in the response and never offered as a call.
const isCall = (block: unknown): boolean => field(block, "type") === "tool_use";

// A block's input given whole (in content_block_start or message_start) rather than streamed after an empty `{}`.
const wholeInput = (block: unknown): object | undefined => {
  const input = field(block, "input");
  return typeof input === "object" && input !== null && Object.keys(input).length ? input : undefined;
};

/**
 * The program that made a `tool_use` block's call (programmatic tool calling: `caller: { type:
 * "code_execution_20250825", tool_id }`, the `server_tool_use` running the program); undefined for the model's own
 * calls (`caller: { type: "direct" }`, or none).
 *
 * @example
 * programCaller({ type: "tool_use", caller: { type: "code_execution_20250825", tool_id: "srvtoolu_1" } });
 * // { type: "code_execution_20250825", programId: "srvtoolu_1" }
 */
export function programCaller(block: unknown): ToolCaller | undefined {
  const caller = field(block, "caller");
  const type = field(caller, "type");
  if (typeof type !== "string" || type === "direct") return undefined;
  const id = field(caller, "tool_id");
  return typeof id === "string" ? { type, programId: id } : { type };
}

// A call whose block arrives at `key`: named, started, and given its input when the block holds it whole.
function openCall(calls: CallTracker, key: string, block: unknown): void {
  const call = calls.open(key, isClosed);
  call.id = text(field(block, "id") ?? "");
  call.name = text(field(block, "name") ?? "");
  const caller = programCaller(block);
  if (caller) call.caller = caller;
  const input = wholeInput(block);
  if (input) calls.whole(call, input);
  else calls.start(call);
}

/**
 * What one chunk of a anthropic stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * anthropicCalls(chunk, tracker);
 */
export function anthropicCalls(event: object, calls: CallTracker): void {
  const type = field(event, "type");
  const key = text(field(event, "index"));
  if (type === "message_start") {
    list(field(event, "message"), "content").forEach((block, at) => {
      if (isCall(block)) openCall(calls, text(at), block);
    });
  } else if (type === "content_block_start") {
    const block = field(event, "content_block");
    if (isCall(block)) openCall(calls, key, block);
  } else if (type === "content_block_delta" && field(field(event, "delta"), "type") === "input_json_delta") {
    calls.piece(calls.find(key), field(field(event, "delta"), "partial_json"));
  } else if (type === "content_block_stop") {
    const call = calls.find(key);
    if (call) call.closed = true;
  }
}
