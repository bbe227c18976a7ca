// How OpenAI-style chat deltas (`delta.tool_calls[i]`) open, name and fill calls, as OpenAI and the servers that
// copy its API send them (Mistral's included): one rule, read by `readChatDeltas`.
import type { CallTracker, TrackedCall } from "../../calls/types.js";
import { field, generatedId, list } from "../../calls/wire.js";
import { text } from "../../calls/assemble.js";

/** What a delta is read against: the call open under its index so far. */
interface OpenCall {
  readonly id: string;
  readonly name: string;
  /** The argument text so far. */
  readonly text: string;
  /** The argument text is one whole JSON value. */
  readonly done: boolean;
}

/**
 * Whether a delta under an index in use begins another call, as servers that number parallel calls alike
 * send them (vLLM, Ollama, some gateways): another id with a name, or a name once the open call's arguments
 * are whole. Another id alone does not: some servers send a fresh id on every delta of one call.
 *
 * @example
 * beginsAnother({ id: "call_1", name: "add_task", text: '{"a":1}', done: true }, "", "add_task"); // true
 */
function beginsAnother(open: OpenCall, id: string, name: string): boolean {
  if (id && name && open.id && id !== open.id) return true;
  return name !== "" && open.name !== "" && open.done;
}

/**
 * The call's name after a delta that names it: pieces are joined, and a whole name repeated on every delta
 * (with or without the id) is kept once. Once arguments began, the name is whole.
 *
 * @example
 * joinedName({ id: "call_1", name: "get_", text: "", done: false }, "", "weather"); // "get_weather"
 */
function joinedName(open: OpenCall, id: string, name: string): string {
  if (name === open.name || (id && id === open.id)) return name;
  return open.text ? open.name : open.name + name;
}

/**
 * A delta's arguments as text: some servers send them as an object instead of JSON text (whole, once).
 *
 * @example
 * argumentText({ city: "Lima" }, ""); // '{"city":"Lima"}'
 */
function argumentText(value: unknown, sofar: string): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null || sofar) return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Tells `calls` the tool calls of one OpenAI-style chat chunk: `choices[i].delta.<names>[j]` keyed by the
 * choice's and the delta's `index`, an id and a name once, argument pieces (a server that gives a call no id
 * gets a generated one).
 *
 * @example
 * readChatDeltas(chunk, tracker, "tool_calls");
 */
export function readChatDeltas(chunk: unknown, calls: CallTracker, ...names: string[]): void {
  for (const choice of list(chunk, "choices")) {
    for (const delta of list(field(choice, "delta"), ...names)) {
      const id = field(delta, "id") ? text(field(delta, "id")) : "";
      const fn = field(delta, "function");
      const name = field(fn, "name") ? text(field(fn, "name")) : "";
      const call = calls.open(`${text(field(choice, "index") ?? 0)}:${text(field(delta, "index") ?? 0)}`, (open) =>
        beginsAnother(openOf(open), id, name),
      );
      if (name) call.name = joinedName(openOf(call), id, name);
      if (id) call.id = id;
      const args = argumentText(field(fn, "arguments"), call.argumentText()); // Mistral and others may send an object
      if (call.name && (call.id || args !== undefined)) {
        call.id ||= generatedId(call.name, call.index); // a server that gave this call no id
        calls.start(call);
      }
      calls.piece(call, args);
    }
  }
}

const openOf = (call: TrackedCall): OpenCall => ({
  id: call.id,
  name: call.name,
  text: call.argumentText(),
  done: call.complete(),
});
