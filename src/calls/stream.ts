import { createPartialJSONParser, type ParserEvents, type PartialJSONParser } from "./partial-json.js";
import type { Provider, ToolCall } from "./types.js";
import { field, generatedId, list, parseArguments } from "./wire.js";
import { argumentText, beginsAnother, joinedName, type OpenCall } from "./chat-deltas.js";

/**
 * A call while it streams: arguments parsed as far as they go (a half-streamed string shows its prefix).
 *
 * @example
 * { id: "call_1", name: "get_weather", arguments: { city: "Pa" }, text: '{"city":"Pa', done: false }
 */
export interface PartialToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  /** The raw argument text so far. */
  readonly text: string;
  /** The provider said the call is complete, or its arguments are a complete JSON value. */
  readonly done: boolean;
  /** With `check`: the arguments' properties complete and valid so far (`""` once the whole object is). */
  readonly settled?: readonly string[];
  /** With `check`: false once no completion of the arguments so far could pass the tool's schema. */
  readonly viable?: boolean;
  /** With `check`, when not viable: what cannot pass, and where. */
  readonly reason?: string;
}

/**
 * The checks of a call's streamed arguments, by tool name (`checkArguments(tools)` from `tooltype/calls` makes
 * them): a partial parser's events in, a verdict out; undefined for a name it has no schema for.
 *
 * @example
 * createToolCallStream("openai", { check: checkArguments([weather]) });
 */
export type ArgumentChecks = (name: string) =>
  | {
      readonly events: ParserEvents;
      verdict(): { readonly settled: readonly string[]; readonly viable: boolean; readonly reason?: string };
    }
  | undefined;

/**
 * Options of `createToolCallStream`.
 *
 * @example
 * createToolCallStream("anthropic", { check: checkArguments(tools) });
 */
export interface ToolCallStreamOptions {
  /** Check each call's arguments as they stream; `partial()` then carries `settled`, `viable` and `reason`. */
  readonly check?: ArgumentChecks;
}

/**
 * Assembles tool calls from a provider's stream, chunk by chunk, in time linear in the stream's length.
 *
 * @example
 * const stream = createToolCallStream("openai");
 * for await (const chunk of await openai.chat.completions.create({ ...request, stream: true })) {
 *   stream.push(chunk);
 *   render(stream.partial()); // arguments fill in as they arrive
 * }
 * const calls = stream.calls();
 */
export interface ToolCallStream {
  /** Feeds one chunk or event, as the provider's SDK yields it. Anything that carries no tool call is ignored. */
  push(chunk: unknown): void;
  /** The calls so far, with their arguments parsed as far as they go. A live view: later pushes change it. */
  partial(): PartialToolCall[];
  /** The calls, arguments fully parsed (raw text where it is not valid JSON, so running it reports that). */
  calls(): ToolCall[];
}

interface Entry {
  /** The call's place in the stream, from 0. */
  readonly index: number;
  /** A parser for this call's argument text, with its tool's checks when the stream has them. */
  readonly newParser: () => PartialJSONParser;
  verdict?: () => { readonly settled: readonly string[]; readonly viable: boolean; readonly reason?: string };
  wholeChecked?: boolean;
  id: string;
  name: string;
  parser: PartialJSONParser | undefined; // undefined when the arguments came whole
  whole: unknown;
  closed: boolean;
}

/**
 * Finds or makes the call a stream key names (`at`; a new call under that key when `another` says the open one
 * is finished), finds one without making it (`find`), numbers whole calls (`count`).
 */
type At = (key: string, another?: (open: Entry) => boolean) => Entry;
type Reader = (chunk: unknown, at: At, count: () => number, find: (key: string) => Entry | undefined) => void;

// One reader per provider: where tool-call pieces sit in its stream events.
const READERS: { readonly [P in Provider]: Reader } = {
  openai: (chunk, at) => chatDeltas(chunk, at, "tool_calls"),
  mistral: (chunk, at) => chatDeltas(field(chunk, "data") ?? chunk, at, "toolCalls", "tool_calls"),
  responses: (event, at) => {
    const type = field(event, "type");
    const key = text(field(event, "output_index") ?? field(event, "item_id"));
    if (type === "response.output_item.added" || type === "response.output_item.done") {
      const item = field(event, "item");
      if (field(item, "type") !== "function_call") return;
      const entry = at(key);
      entry.id = text(field(item, "call_id") ?? field(item, "id") ?? entry.id);
      entry.name = text(field(item, "name") ?? entry.name);
      if (type === "response.output_item.done") settle(entry, field(item, "arguments"));
      else appendText(entry, field(item, "arguments"));
    } else if (type === "response.function_call_arguments.delta") appendText(at(key), field(event, "delta"));
    else if (type === "response.function_call_arguments.done") settle(at(key), field(event, "arguments"));
  },
  anthropic: (event, at, _count, find) => {
    const type = field(event, "type");
    const key = text(field(event, "index"));
    if (type === "content_block_start") {
      const block = field(event, "content_block");
      if (field(block, "type") !== "tool_use" && field(block, "type") !== "server_tool_use") return;
      const entry = at(key);
      entry.id = text(field(block, "id") ?? "");
      entry.name = text(field(block, "name") ?? "");
    } else if (type === "content_block_delta" && field(field(event, "delta"), "type") === "input_json_delta") {
      appendText(at(key), field(field(event, "delta"), "partial_json"));
    } else if (type === "content_block_stop") {
      const entry = find(key);
      if (entry) entry.closed = true;
    }
  },
  gemini: (chunk, at, count) => {
    const parts = list(field(list(chunk, "candidates")[0], "content"), "parts");
    for (const part of parts) {
      const call = field(part, "functionCall");
      if (!call) continue;
      const index = count();
      const entry = at(text(index));
      entry.name = text(field(call, "name") ?? "");
      entry.id = text(field(call, "id") ?? generatedId(entry.name, index));
      entry.whole = field(call, "args") ?? {};
      entry.closed = true;
    }
  },
  ollama: (chunk, at, count) => {
    for (const call of list(field(chunk, "message"), "tool_calls")) {
      const index = count();
      const entry = at(text(index));
      entry.name = text(field(field(call, "function"), "name") ?? "");
      entry.id = text(field(call, "id") ?? generatedId(entry.name, index));
      entry.whole = parseArguments(field(field(call, "function"), "arguments"));
      entry.closed = true;
    }
  },
  mcp: (chunk, at, count) => {
    const content = field(chunk, "content");
    for (const block of Array.isArray(content) ? content : content ? [content] : []) {
      if (field(block, "type") !== "tool_use") continue;
      const entry = at(text(count()));
      entry.id = text(field(block, "id") ?? "");
      entry.name = text(field(block, "name") ?? "");
      entry.whole = field(block, "input") ?? {};
      entry.closed = true;
    }
  },
  bedrock: (event, at, _count, find) => {
    const start = field(event, "contentBlockStart");
    const delta = field(event, "contentBlockDelta");
    const stop = field(event, "contentBlockStop");
    if (start) {
      const use = field(field(start, "start"), "toolUse");
      if (!use) return;
      const entry = at(text(field(start, "contentBlockIndex")));
      entry.id = text(field(use, "toolUseId") ?? "");
      entry.name = text(field(use, "name") ?? "");
    } else if (delta) {
      const input = field(field(field(delta, "delta"), "toolUse"), "input");
      if (input !== undefined) appendText(at(text(field(delta, "contentBlockIndex"))), input);
    } else if (stop) {
      const entry = find(text(field(stop, "contentBlockIndex")));
      if (entry) entry.closed = true;
    }
  },
  cohere: (event, at, _count, find) => {
    const type = field(event, "type");
    const key = text(field(event, "index"));
    const call = field(field(field(event, "delta"), "message"), "toolCalls", "tool_calls");
    if (type === "tool-call-start") {
      const entry = at(key);
      entry.id = text(field(call, "id") ?? "");
      entry.name = text(field(field(call, "function"), "name") ?? "");
      appendText(entry, field(field(call, "function"), "arguments"));
    } else if (type === "tool-call-delta") appendText(at(key), field(field(call, "function"), "arguments"));
    else if (type === "tool-call-end") {
      const entry = find(key);
      if (entry) entry.closed = true;
    }
  },
};

/**
 * A `ToolCallStream` for a provider: OpenAI chat `delta.tool_calls` keyed by `index`, Responses
 * `function_call_arguments.delta` keyed by `output_index`, Anthropic `input_json_delta`, Gemini and Ollama
 * whole calls per chunk, Bedrock `contentBlockDelta` and Cohere `tool-call-delta` events, Mistral deltas.
 *
 * @example
 * const stream = createToolCallStream("openai");
 * stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_1", function: { name: "get_weather", arguments: '{"city":"Pa' } }] } }] });
 * stream.partial(); // [{ id: "call_1", name: "get_weather", arguments: { city: "Pa" }, text: '{"city":"Pa', done: false }]
 * stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'ris"}' } }] } }] });
 * stream.calls(); // [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }]
 */
export function createToolCallStream(provider: Provider, options: ToolCallStreamOptions = {}): ToolCallStream {
  const read = Object.hasOwn(READERS, provider) ? READERS[provider] : undefined;
  if (!read)
    throw new TypeError(
      `createToolCallStream: unknown provider ${JSON.stringify(provider)}; known: ${Object.keys(READERS).join(", ")}`,
    );
  const entries = new Map<string, Entry>();
  const order: Entry[] = [];
  const at: At = (key, another) => {
    let entry = entries.get(key);
    if (!entry || another?.(entry)) {
      const made: Entry = {
        index: order.length,
        newParser: () => parserOf(made, options.check),
        id: "",
        name: "",
        parser: undefined,
        whole: undefined,
        closed: false,
      };
      entry = made;
      entries.set(key, entry);
      order.push(entry);
    }
    return entry;
  };
  let counted = 0;
  const count = () => counted++;
  return {
    push(chunk) {
      if (typeof chunk === "object" && chunk !== null) read(chunk, at, count, (key) => entries.get(key));
    },
    partial: () =>
      order.map((e) => ({
        id: e.id,
        name: e.name,
        arguments: e.parser ? (e.parser.value() ?? {}) : (e.whole ?? {}),
        text: e.parser ? e.parser.text() : e.whole === undefined ? "" : wholeText(e.whole),
        done: e.closed || (e.parser?.done ?? e.whole !== undefined),
        ...(options.check && verdictOf(e)),
      })),
    calls: () =>
      order.map((e) => ({
        id: e.id,
        name: e.name,
        arguments: e.parser
          ? e.parser.done && !e.parser.error
            ? e.parser.value()
            : parseArguments(e.parser.text())
          : (e.whole ?? {}),
      })),
  };
}

// OpenAI-style chat deltas: `choices[i].delta.tool_calls[j]` with `index`, an id and name once, argument pieces.
function chatDeltas(chunk: unknown, at: At, ...names: string[]): void {
  for (const choice of list(chunk, "choices")) {
    for (const delta of list(field(choice, "delta"), ...names)) {
      const id = field(delta, "id") ? text(field(delta, "id")) : "";
      const fn = field(delta, "function");
      const name = field(fn, "name") ? text(field(fn, "name")) : "";
      const entry = at(`${text(field(choice, "index") ?? 0)}:${text(field(delta, "index") ?? 0)}`, (open) =>
        beginsAnother(openOf(open), id, name),
      );
      if (name) entry.name = joinedName(openOf(entry), id, name);
      if (id) entry.id = id;
      const args = argumentText(field(fn, "arguments"), openOf(entry).text); // Mistral and others may send an object
      if (!entry.id && entry.name && args !== undefined) entry.id = generatedId(entry.name, entry.index); // a server that gave it no id
      appendText(entry, args);
    }
  }
}

const openOf = (entry: Entry): OpenCall => ({
  id: entry.id,
  name: entry.name,
  text: entry.parser ? entry.parser.text() : entry.whole === undefined ? "" : wholeText(entry.whole),
  done: entry.parser ? entry.parser.done : entry.whole !== undefined,
});

/** `String(value)`, or "" for a value that has no text (an object without a prototype, a throwing toString). */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "";
  }
}

/** Whole arguments as JSON text; "" for what JSON cannot write (a BigInt, a cycle). */
function wholeText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

function appendText(entry: Entry, piece: unknown): void {
  if (typeof piece !== "string" || piece === "") return;
  (entry.parser ??= entry.newParser()).push(piece);
}

/** A parser for a call's arguments, told to its tool's checks (found by the call's name so far). */
function parserOf(entry: Entry, check: ArgumentChecks | undefined): PartialJSONParser {
  const checker = check?.(entry.name);
  entry.verdict = checker?.verdict;
  return createPartialJSONParser(checker ? { events: checker.events } : {});
}

// The verdict of a call: its parser's checks, or arguments that came whole read through them once.
function verdictOf(entry: Entry): {
  readonly settled: readonly string[];
  readonly viable: boolean;
  readonly reason?: string;
} {
  if (!entry.parser && entry.whole !== undefined && !entry.wholeChecked) {
    entry.wholeChecked = true;
    entry.newParser().push(wholeText(entry.whole)); // its events reach the checks; the call keeps its whole value
  }
  return entry.verdict?.() ?? { settled: [], viable: true };
}

// A "done" event carries the whole argument text: keep what streamed when it agrees, else take it.
function settle(entry: Entry, full: unknown): void {
  entry.closed = true;
  if (typeof full !== "string") return;
  if (entry.parser?.text() === full) return;
  entry.parser = entry.newParser();
  entry.parser.push(full);
}
