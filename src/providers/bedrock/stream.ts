import type { CallTracker, StreamCalls, StreamSupport } from "../../calls/types.js";
import { field, parseArguments, record } from "../../calls/wire.js";
import { isClosed, text } from "../../calls/assemble.js";
import { indexedBlocks } from "../blocks.js";

/**
 * The calls of a Bedrock Converse stream, all that `createToolCallStream` reads: `bedrockCalls` and the provider's
 * name. It bundles without the provider's formats and without the reader that rebuilds a whole response
 * (`bedrock.stream`, the loop's).
 *
 * @example
 * const stream = createToolCallStream(bedrockStream);
 * stream.push(chunk);
 */
export const bedrockStream: StreamCalls = { name: "bedrock", read: bedrockCalls };

/**
 * The provider value's `stream` (`bedrock.stream`, what the loop reads): Bedrock Converse streams (`ConverseStream`:
 * the SDK's `response.stream`, or the decoded event stream): events `{ messageStart | contentBlockStart |
 * contentBlockDelta | contentBlockStop | messageStop | metadata }`, calls as `toolUse` blocks keyed by
 * `contentBlockIndex`, their input in `delta.toolUse.input` pieces. The rebuilt response is what `Converse` answers: `{
 * output: { message: { role, content } }, stopReason, usage, metrics }`.
 *
 * @example
 * const reader = bedrock.stream!.reader(createCallTracker());
 */
export const bedrockStreamSupport: StreamSupport = {
  name: "bedrock",
  request: (request) => request,
  read: bedrockCalls,
  reader(calls) {
    let role: unknown = "assistant";
    const blocks = indexedBlocks();
    const rest: Record<string, unknown> = {};
    // The input of a tool the model's server runs (a toolUse of type server_tool_use): streamed, never run here.
    const serverInput = new Map<number, string>();
    return {
      push(event) {
        const e = record(event);
        const start = record(e.contentBlockStart);
        const delta = record(e.contentBlockDelta);
        if (e.messageStart) role = record(e.messageStart).role ?? role;
        else if (e.contentBlockStart) blocks.start(Number(start.contentBlockIndex), { ...record(start.start) });
        else if (e.contentBlockDelta) {
          const index = Number(delta.contentBlockIndex);
          const piece = record(delta.delta);
          // Text and reasoning may come without a contentBlockStart; a toolUse piece needs its start (bedrockCalls).
          if (typeof piece.text === "string") {
            blocks.at(index);
            blocks.addText(index, piece.text);
            calls.text(piece.text);
          } else if (piece.reasoningContent) reasoning(blocks.at(index), record(piece.reasoningContent));
          else if (isServerUse(blocks.find(index)?.toolUse) && typeof record(piece.toolUse).input === "string")
            serverInput.set(index, (serverInput.get(index) ?? "") + String(record(piece.toolUse).input));
        } else if (e.messageStop) Object.assign(rest, record(e.messageStop));
        else if (e.metadata) Object.assign(rest, record(e.metadata));
        bedrockCalls(e, calls);
      },
      response() {
        const content = blocks.rebuilt((block, index, said) => {
          if (said !== undefined) return { text: said };
          const server = serverInput.get(index);
          if (server !== undefined) return { toolUse: { ...record(block.toolUse), input: parseArguments(server) } };
          const call = block.toolUse ? calls.find(text(index)) : undefined;
          return call ? { toolUse: { ...record(block.toolUse), input: parseArguments(call.argumentText()) } } : block;
        });
        return { output: { message: { role, content } }, ...rest };
      },
    };
  },
};

// Reasoning arrives as text pieces, a signature, or redacted content.
function reasoning(block: Record<string, unknown>, piece: Record<string, unknown>): void {
  const content = record(block.reasoningContent);
  const said = record(content.reasoningText);
  if (typeof piece.text === "string") said.text = String(said.text ?? "") + piece.text;
  if (typeof piece.signature === "string") said.signature = piece.signature;
  block.reasoningContent =
    piece.redactedContent !== undefined ? { redactedContent: piece.redactedContent } : { reasoningText: said };
}

/**
 * What one chunk of a bedrock stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * bedrockCalls(chunk, tracker);
 */
export function bedrockCalls(event: object, calls: CallTracker): void {
  const start = field(event, "contentBlockStart");
  const delta = field(event, "contentBlockDelta");
  const stop = field(event, "contentBlockStop");
  if (start) {
    const use = field(field(start, "start"), "toolUse");
    if (!use || isServerUse(use)) return;
    const call = calls.open(text(field(start, "contentBlockIndex")), isClosed);
    call.id = text(field(use, "toolUseId") ?? "");
    call.name = text(field(use, "name") ?? "");
    calls.start(call);
  } else if (delta) {
    const input = field(field(field(delta, "delta"), "toolUse"), "input");
    if (input !== undefined) calls.piece(calls.find(text(field(delta, "contentBlockIndex"))), input);
  } else if (stop) {
    const call = calls.find(text(field(stop, "contentBlockIndex")));
    if (call) call.closed = true;
  }
}

/**
 * A toolUse the model's server runs itself (`type: "server_tool_use"`, e.g. a built-in code interpreter): its result
 * follows from the server, so it is kept in the response and never offered as a call to run.
 *
 * @example
 * isServerUse({ toolUseId: "t1", name: "code_interpreter", type: "server_tool_use" }); // true
 */
export function isServerUse(use: unknown): boolean {
  return field(use, "type") === "server_tool_use";
}
