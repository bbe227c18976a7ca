import { createPartialJSONParser, type PartialJSONParser } from "./partial-json.js";
import type { PartialVerdict } from "./viability.js";
import type { ArgumentChecks, CallTracker, Delta, PartialToolCall, TrackedCall } from "./types.js";
import type { ToolCall } from "../tools/call.js";
import { parseArguments } from "./wire.js";

/** The verdict where no schema is known: nothing settled, nothing refused. */
const UNCHECKED: PartialVerdict = Object.freeze({ settled: Object.freeze([]) as readonly string[], viable: true });

interface Call extends TrackedCall {
  parser?: PartialJSONParser;
  /** The name the parser's checks were chosen by. */
  checkedAs?: string;
  verdict?: () => PartialVerdict;
  started?: boolean;
  whole?: unknown;
  /** The whole arguments as JSON text, written once. */
  wholeJSON?: string;
}

/**
 * The calls of one stream, as a provider's stream reader finds them (see `CallTracker`), with what
 * `createToolCallStream` and the loop read of them: `partial()` and `calls()`. With `emit`, each step is
 * reported as a `Delta` (the loop's events). Linear in the stream: each argument piece is parsed once.
 *
 * @example
 * const tracker = createCallTracker(checkArguments(tools), (delta) => console.log(delta));
 * openaiStream.read(chunk, tracker);
 * tracker.calls(); // [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }]
 */
export function createCallTracker(
  checks?: ArgumentChecks,
  emit?: (delta: Delta) => void,
): CallTracker & { partial(): PartialToolCall[]; calls(): ToolCall[] } {
  const byKey = new Map<string, Call>();
  const order: Call[] = [];
  const newParser = (call: Call): PartialJSONParser => {
    const checker = checks?.(call.name);
    call.checkedAs = call.name;
    call.verdict = checker?.verdict;
    return createPartialJSONParser(checker ? { events: checker.events } : {});
  };
  // Reads the call's arguments anew (`text`) with the checks of its tool.
  const restart = (call: Call, text: string): void => {
    call.parser = newParser(call);
    if (text) call.parser.push(text);
  };
  const start = (call: Call): void => {
    if (call.started) return;
    call.started = true;
    if (checks && call.parser && call.checkedAs !== call.name) restart(call, call.parser.text());
    emit?.({
      type: "tool-call-start",
      index: call.index,
      id: call.id,
      name: call.name,
      ...(call.caller && { caller: call.caller }),
    });
  };
  const report = (call: Call, delta: string, value: unknown): void =>
    emit?.({
      type: "tool-call-delta",
      index: call.index,
      id: call.id,
      name: call.name,
      delta,
      partial: value,
      ...(call.verdict?.() ?? UNCHECKED),
    });
  return {
    list: order,
    open(key, another) {
      let call = byKey.get(key);
      if (!call || another?.(call)) {
        const made: Call = {
          index: order.length,
          id: "",
          name: "",
          closed: false,
          argumentText: () => (made.whole !== undefined ? made.wholeJSON! : (made.parser?.text() ?? "")),
          complete: () => (made.parser ? made.parser.done : made.whole !== undefined),
        };
        call = made;
        byKey.set(key, call);
        order.push(call);
      }
      return call;
    },
    find: (key) => byKey.get(key),
    start: (call) => start(call as Call),
    piece(tracked, piece) {
      // No call (a key never started) or a closed one: the provider already said what the call is.
      if (!tracked || tracked.closed || typeof piece !== "string" || piece === "") return;
      const call = tracked as Call;
      (call.parser ??= newParser(call)).push(piece);
      if (call.started && emit) report(call, piece, call.parser.value() ?? {});
    },
    whole(tracked, value) {
      const call = tracked as Call;
      call.whole = value;
      call.wholeJSON = wholeText(value);
      call.closed = true;
      start(call);
      if (checks) newParser(call).push(call.wholeJSON); // its events reach the checks; the call keeps its whole value
      report(call, call.wholeJSON, value);
    },
    settle(tracked, full) {
      const call = tracked as Call;
      call.closed = true;
      if (typeof full === "string" && call.parser?.text() !== full) restart(call, full);
    },
    text: (piece) => void (piece && emit?.({ type: "text-delta", text: piece })),
    partial: () =>
      named(order).map((c) => ({
        id: c.id,
        name: c.name,
        arguments: c.whole !== undefined ? c.whole : (c.parser?.value() ?? {}),
        text: c.argumentText(),
        done: c.closed || c.complete(),
        ...(c.caller && { caller: c.caller }),
        ...(checks && (c.verdict?.() ?? UNCHECKED)),
      })),
    calls: () =>
      named(order).map((c) => ({
        id: c.id,
        name: c.name,
        arguments: argumentsOf(c),
        ...(c.caller && { caller: c.caller }),
      })),
  };
}

/**
 * Whether a call is closed: a start event under its key then begins another call (`tracker.open(key, isClosed)`).
 *
 * @example
 * const call = calls.open(String(event.index), isClosed);
 */
export const isClosed = (call: TrackedCall): boolean => call.closed;

/**
 * The calls that have a name: a call a stream never named (pieces under a fresh index, and no name) is no call to
 * run or to send back.
 *
 * @example
 * named(tracker.list).map((call) => call.id);
 */
export function named<T extends TrackedCall>(calls: readonly T[]): T[] {
  return calls.filter((call) => call.name !== "");
}

/**
 * A call's arguments: whole ones as they came, streamed text parsed (raw where it is not valid JSON, so running it
 * reports that).
 */
function argumentsOf(call: Call): unknown {
  if (call.whole !== undefined) return call.whole;
  const parser = call.parser;
  if (!parser) return {};
  return parser.done && !parser.error ? parser.value() : parseArguments(parser.text());
}

/** Whole arguments as JSON text; "" for what JSON cannot write (a BigInt, a cycle). */
function wholeText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/**
 * `String(value)`, or "" for a value that has no text (an object without a prototype, a throwing toString): what
 * stream readers make of ids, names and keys from the wire.
 *
 * @example
 * text(0); // "0"
 */
export function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "";
  }
}
