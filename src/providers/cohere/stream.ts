import type { CallTracker, StreamCalls, StreamSupport } from "../../calls/types.js";
import { field, record } from "../../calls/wire.js";
import { isClosed, named, text } from "../../calls/assemble.js";

/**
 * The calls of a Cohere v2 chat stream, all that `createToolCallStream` reads: `cohereCalls` and the provider's name.
 * It bundles without the provider's formats and without the reader that rebuilds a whole response (`cohere.stream`, the
 * loop's).
 *
 * @example
 * const stream = createToolCallStream(cohereStream);
 * stream.push(chunk);
 */
export const cohereStream: StreamCalls = { name: "cohere", read: cohereCalls };

/**
 * The provider value's `stream` (`cohere.stream`, what the loop reads): Cohere v2 chat streams (`chatStream`, or
 * `stream: true` on the wire): typed events, calls from `tool-call-start` / `-delta` / `-end` keyed by `index`, text
 * from `content-delta`, the tool plan from `tool-plan-delta`, the finish reason and usage from `message-end`. The
 * rebuilt response is a v2 chat response.
 *
 * @example
 * const reader = cohere.stream!.reader(createCallTracker());
 */
export const cohereStreamSupport: StreamSupport = {
  name: "cohere",
  request: (request) => ({ ...request, stream: true }),
  read: cohereCalls,
  reader(calls) {
    let id: unknown;
    const said: string[] = [];
    const plan: string[] = [];
    const end: Record<string, unknown> = {};
    return {
      push(event) {
        const type = field(event, "type");
        const message = field(field(event, "delta"), "message");
        if (type === "message-start") id = field(event, "id");
        else if (type === "content-delta") {
          const piece = field(field(message, "content"), "text");
          if (typeof piece === "string") {
            said.push(piece);
            calls.text(piece);
          }
        } else if (type === "tool-plan-delta") {
          const piece = field(message, "toolPlan", "tool_plan");
          if (typeof piece === "string") {
            plan.push(piece);
            calls.text(piece); // the tool plan is what the model says before its calls
          }
        } else if (type === "message-end") Object.assign(end, record(field(event, "delta")));
        cohereCalls(record(event), calls);
      },
      response: () => ({
        ...(id !== undefined && { id }),
        ...end,
        message: {
          role: "assistant",
          ...(plan.length && { toolPlan: plan.join("") }),
          ...(said.length && { content: [{ type: "text", text: said.join("") }] }),
          toolCalls: named(calls.list).map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.argumentText() },
          })),
        },
      }),
    };
  },
};

/**
 * What one chunk of a cohere stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * cohereCalls(chunk, tracker);
 */
export function cohereCalls(event: object, calls: CallTracker): void {
  const type = field(event, "type");
  const key = text(field(event, "index"));
  const call = field(field(field(event, "delta"), "message"), "toolCalls", "tool_calls");
  if (type === "tool-call-start") {
    const tracked = calls.open(key, isClosed);
    tracked.id = text(field(call, "id") ?? "");
    tracked.name = text(field(field(call, "function"), "name") ?? "");
    calls.start(tracked);
    calls.piece(tracked, field(field(call, "function"), "arguments"));
  } else if (type === "tool-call-delta") calls.piece(calls.find(key), field(field(call, "function"), "arguments"));
  else if (type === "tool-call-end") {
    const tracked = calls.find(key);
    if (tracked) tracked.closed = true;
  }
}
