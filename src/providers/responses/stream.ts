import type { CallTracker, StreamCalls, StreamSupport, ToolCaller } from "../../calls/types.js";
import { field, record } from "../../calls/wire.js";
import { isClosed, text } from "../../calls/assemble.js";

/**
 * The calls of an OpenAI Responses stream, all that `createToolCallStream` reads: `responsesCalls` and the provider's
 * name. It bundles without the provider's formats and without the reader that rebuilds a whole response
 * (`responses.stream`, the loop's).
 *
 * @example
 * const stream = createToolCallStream(responsesStream);
 * stream.push(chunk);
 */
export const responsesStream: StreamCalls = { name: "responses", read: responsesCalls };

/**
 * The provider value's `stream` (`responses.stream`, what the loop reads): OpenAI Responses streams: typed events,
 * calls as `function_call` output items keyed by `output_index`, their arguments in `function_call_arguments.delta` (a
 * "done" event's text wins); `response.completed` carries the whole response, and a cut stream is rebuilt from its
 * items.
 *
 * @example
 * const reader = responses.stream!.reader(createCallTracker());
 */
export const responsesStreamSupport: StreamSupport = {
  name: "responses",
  request: (request) => ({ ...request, stream: true }),
  read: responsesCalls,
  reader(calls) {
    let base: Record<string, unknown> = {};
    let final: Record<string, unknown> | undefined;
    const items = new Map<number, unknown>(); // by output_index (a Map: an index from the wire never sizes an array)
    return {
      push(event) {
        const e = record(event);
        const type = e.type;
        if (type === "response.created" || type === "response.in_progress") base = { ...record(e.response) };
        else if (type === "response.output_item.added" || type === "response.output_item.done")
          items.set(Number(e.output_index), { ...record(e.item) });
        else if (type === "response.output_text.delta" && typeof e.delta === "string") calls.text(e.delta);
        else if (type === "response.completed" || type === "response.incomplete") final = record(e.response);
        responsesCalls(e, calls);
      },
      response() {
        if (final && Array.isArray(final.output)) return final;
        // No `response.completed` (a cut stream): the items as they stand, arguments as streamed.
        const output = [...items.keys()]
          .sort((a, b) => a - b)
          .map((at) => {
            const item = record(items.get(at));
            const call = item.type === "function_call" ? calls.find(text(at)) : undefined;
            return call ? { ...item, arguments: call.argumentText() } : item;
          });
        return { ...base, ...final, output };
      },
    };
  },
};

/**
 * What one chunk of a responses stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * responsesCalls(chunk, tracker);
 */
export function responsesCalls(event: object, calls: CallTracker): void {
  const type = field(event, "type");
  const key = text(field(event, "output_index") ?? field(event, "item_id"));
  if (type === "response.output_item.added" || type === "response.output_item.done") {
    const item = field(event, "item");
    if (field(item, "type") !== "function_call") return;
    // An item added where a closed call sits is another response's (a stream of several responses, one per turn).
    const call = calls.open(key, type === "response.output_item.added" ? isClosed : undefined);
    call.id = text(field(item, "call_id") ?? field(item, "id") ?? call.id);
    call.name = text(field(item, "name") ?? call.name);
    const caller = programCaller(item);
    if (caller) call.caller = caller;
    calls.start(call);
    if (type === "response.output_item.done") calls.settle(call, field(item, "arguments"));
    else calls.piece(call, field(item, "arguments"));
  } else if (type === "response.function_call_arguments.delta") calls.piece(calls.find(key), field(event, "delta"));
  else if (type === "response.function_call_arguments.done") {
    const call = calls.find(key);
    if (call) calls.settle(call, field(event, "arguments"));
  }
}

/**
 * The program that made a `function_call` item's call (programmatic tool calling: `caller: { type: "program",
 * caller_id }`, the `program` item's `call_id`); undefined for the model's own calls (`{ type: "direct" }`, or none).
 *
 * @example
 * programCaller({ type: "function_call", caller: { type: "program", caller_id: "call_prog_1" } });
 * // { type: "program", programId: "call_prog_1" }
 */
export function programCaller(item: unknown): ToolCaller | undefined {
  const caller = field(item, "caller");
  const type = field(caller, "type");
  if (typeof type !== "string" || type === "direct") return undefined;
  const id = field(caller, "caller_id");
  return typeof id === "string" ? { type, programId: id } : { type };
}
