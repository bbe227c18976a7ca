// What the chat APIs shaped like OpenAI's Chat Completions share (OpenAI's, Mistral's): how their deltas
// (`delta.tool_calls[i]`) open, name and fill calls, one rule read by `readChatDeltas`; a stream reader rebuilding
// the completion; the request's tools. Each such provider's folder gives its own spelling of the keys.
import type { CallTracker, ProviderAdapter, StreamReader, TrackedCall } from "./types.js";
import { field, formatOptions, generatedId, list, record } from "./wire.js";
import { named, text } from "./assemble.js";
import { toOpenAIFormat } from "../tools/formats/openai.js";

/**
 * Whether a delta under an index in use begins another call, as servers that number parallel calls alike
 * send them (vLLM, Ollama, some gateways): another id with a name, or a name once the open call's arguments
 * are whole. Another id alone does not: some servers send a fresh id on every delta of one call.
 *
 * @example
 * beginsAnother(tracker.open("0:0"), "", "add_task"); // true once the call open under "0:0" has whole arguments
 */
function beginsAnother(open: TrackedCall, id: string, name: string): boolean {
  if (id && name && open.id && id !== open.id) return true;
  return name !== "" && open.name !== "" && open.complete();
}

/**
 * The call's name after a delta that names it: pieces are joined, and a whole name repeated on every delta
 * (with or without the id) is kept once. Once arguments began, the name is whole.
 *
 * @example
 * joinedName(call, "", "weather"); // "get_weather" for a call named "get_" with no arguments yet
 */
function joinedName(open: TrackedCall, id: string, name: string): string {
  if (name === open.name || (id && id === open.id)) return name;
  return open.argumentText() ? open.name : open.name + name;
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
        beginsAnother(open, id, name),
      );
      if (name) call.name = joinedName(call, id, name);
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

/**
 * The reader of a Chat Completions-style stream (OpenAI's, and Mistral's in its SDK's spelling): choice 0's text,
 * refusal and finish reason, the chunk's usage, and the calls, rebuilt into a chat completion whose message holds
 * the calls under `callsKey` (each with its `index` when `indexed`, as Mistral's responses have it) and whose
 * choice holds the finish reason under `finishKey`.
 *
 * @example
 * const reader = chatReader(tracker, (event) => event.data, "toolCalls", "finishReason", true);
 */
export function chatReader(
  calls: CallTracker,
  chunkOf: (event: unknown) => unknown,
  callsKey: string,
  finishKey: string,
  indexed: boolean,
): StreamReader {
  let base: Record<string, unknown> = {};
  const text: string[] = [];
  const refusal: string[] = [];
  let finish: unknown = null;
  let usage: unknown;
  return {
    push(event) {
      const c = record(chunkOf(event));
      if (!base.id && c.id)
        base = {
          id: c.id,
          object: "chat.completion",
          created: c.created,
          model: c.model,
          ...(c.system_fingerprint !== undefined && { system_fingerprint: c.system_fingerprint }),
        };
      if (c.usage) usage = c.usage;
      for (const choice of list(c, "choices")) {
        if ((field(choice, "index") ?? 0) !== 0) continue; // the loop asks for one choice
        const delta = record(field(choice, "delta"));
        if (typeof delta.content === "string" && delta.content) {
          text.push(delta.content);
          calls.text(delta.content);
        }
        if (typeof delta.refusal === "string") refusal.push(delta.refusal);
        const reason = field(choice, "finish_reason", "finishReason");
        if (reason !== undefined && reason !== null) finish = reason;
      }
      readChatDeltas(c, calls, callsKey, "tool_calls");
    },
    response() {
      const message: Record<string, unknown> = { role: "assistant", content: text.length ? text.join("") : null };
      if (refusal.length) message.refusal = refusal.join("");
      const said = named(calls.list);
      if (said.length)
        message[callsKey] = said.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.argumentText() },
          ...(indexed && { index: call.index }),
        }));
      return {
        ...base,
        choices: [{ index: 0, message, [finishKey]: finish }],
        ...(usage !== undefined && { usage }),
      };
    },
  };
}

/**
 * `withTools` of a Chat Completions-style API: the tools in OpenAI's format, `toolChoice` and `parallelToolCalls`
 * under the names the API spells them (snake_case on OpenAI's wire, camelCase in Mistral's SDK).
 *
 * @example
 * const mistralWithTools = chatWithTools("toolChoice", "parallelToolCalls");
 */
export function chatWithTools(choiceKey: string, parallelKey: string): ProviderAdapter["withTools"] {
  return (request, tools, options) => {
    const { toolChoice, parallelToolCalls } = options;
    return {
      ...request,
      tools: tools.map((t) => toOpenAIFormat(t, formatOptions(options))),
      ...(toolChoice !== undefined && {
        [choiceKey]:
          typeof toolChoice === "string" ? toolChoice : { type: "function", function: { name: toolChoice.name } },
      }),
      ...(parallelToolCalls !== undefined && { [parallelKey]: parallelToolCalls }),
    };
  };
}
