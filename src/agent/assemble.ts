import { createPartialJSONParser, type PartialJSONParser } from "../calls/partial-json.js";
import type { PartialVerdict } from "../calls/viability.js";
import type { ArgumentChecks } from "../calls/stream.js";
import { field, generatedId, list, parseArguments } from "../calls/wire.js";
import { argumentText, beginsAnother, joinedName, type OpenCall } from "../calls/chat-deltas.js";
import { ProviderError } from "./chat-output.js";

/**
 * What a streamed chunk adds, as the loop reports it.
 *
 * @example
 * { type: "tool-call-delta", index: 0, id: "call_1", name: "get_weather", delta: '"Par', partial: { location: "Par" }, arguments: { location: "Par" }, settled: [], viable: true }
 */
export type Delta =
  | { readonly type: "text-delta"; readonly text: string }
  | { readonly type: "tool-call-start"; readonly index: number; readonly id: string; readonly name: string }
  | ({
      readonly type: "tool-call-delta";
      readonly index: number;
      readonly id: string;
      readonly name: string;
      readonly delta: string;
      /** The arguments parsed so far (a live view that later deltas fill in). */
      readonly partial: unknown;
      /** The same value as `partial`, under its former name. */
      readonly arguments: unknown;
    } & PartialVerdict);

/** The verdict where no schema is known: nothing settled, nothing refused. */
const UNCHECKED: PartialVerdict = Object.freeze({ settled: Object.freeze([]) as readonly string[], viable: true });

/**
 * Builds a provider's whole response from its stream, chunk by chunk, in time linear in the stream: the
 * response is what the same request without streaming answers, so the provider adapter reads its calls,
 * text and assistant turn as usual.
 *
 * @example
 * const assembler = createAssembler("openai"); assembler.push(chunk, console.log); assembler.response();
 */
export interface Assembler {
  /** Takes one chunk (a parsed stream event, or the SDK's chunk object) and reports what it added. */
  push(chunk: unknown, emit: (delta: Delta) => void): void;
  /** The response so far, in the provider's non-streaming shape. */
  response(): unknown;
}

/**
 * The providers whose streams the loop reads.
 *
 * @example
 * STREAMING.includes("gemini"); // true
 */
export const STREAMING = ["openai", "responses", "anthropic", "gemini"] as const;
/**
 * @example
 * const provider: StreamingProvider = "responses";
 */
export type StreamingProvider = (typeof STREAMING)[number];

/**
 * An assembler for a provider's stream.
 *
 * @example
 * const assembler = createAssembler("anthropic");
 * for await (const event of events) assembler.push(event, (delta) => console.log(delta));
 * anthropic.calls(assembler.response());
 */
export function createAssembler(provider: string, checks: ArgumentChecks = () => undefined): Assembler {
  switch (provider) {
    case "openai":
      return openaiChat(checks);
    case "responses":
      return responses(checks);
    case "anthropic":
      return anthropic(checks);
    case "gemini":
      return gemini(checks);
    default:
      throw new TypeError(
        `tooltype: streaming is read for ${STREAMING.join(", ")}; provider ${JSON.stringify(provider)} streams are not (give its chat function whole responses)`,
      );
  }
}

interface Call {
  readonly index: number;
  id: string;
  name: string;
  parser: PartialJSONParser;
  verdict: () => PartialVerdict;
  started: boolean;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function newCall(index: number): Call {
  return { index, id: "", name: "", parser: createPartialJSONParser(), verdict: () => UNCHECKED, started: false };
}

/** Reads the call's arguments anew (`text`, or what was read before it was named) with its tool's checks. */
function restart(call: Call, checks: ArgumentChecks, text = call.parser.text()): void {
  const checker = checks(call.name);
  call.parser = createPartialJSONParser(checker ? { events: checker.events } : {});
  call.verdict = checker ? checker.verdict : () => UNCHECKED;
  if (text) call.parser.push(text);
}

// Reports a call once its id and name are known, then each piece of its arguments with the value so far.
function argumentPiece(call: Call, piece: unknown, emit: (delta: Delta) => void, checks: ArgumentChecks): void {
  if (!call.started) {
    call.started = true;
    restart(call, checks);
    emit({ type: "tool-call-start", index: call.index, id: call.id, name: call.name });
  }
  if (typeof piece !== "string" || piece === "") return;
  call.parser.push(piece);
  const partial = call.parser.value() ?? {};
  emit({
    type: "tool-call-delta",
    index: call.index,
    id: call.id,
    name: call.name,
    delta: piece,
    partial,
    arguments: partial,
    ...call.verdict(),
  });
}

const openOf = (call: Call): OpenCall => ({
  id: call.id,
  name: call.name,
  text: call.parser.text(),
  done: call.parser.done,
});

// ---- OpenAI Chat Completions: `chat.completion.chunk` objects, `choices[0].delta` -------------------------

function openaiChat(checks: ArgumentChecks): Assembler {
  let base: Record<string, unknown> = {};
  const text: string[] = [];
  const refusal: string[] = [];
  const calls: Call[] = [];
  const byKey = new Map<string, Call>();
  let finish: unknown = null;
  let usage: unknown;
  return {
    push(chunk, emit) {
      const c = record(chunk);
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
          emit({ type: "text-delta", text: delta.content });
        }
        if (typeof delta.refusal === "string") refusal.push(delta.refusal);
        for (const piece of list(delta, "tool_calls")) {
          const id = typeof field(piece, "id") === "string" ? field<string>(piece, "id")! : "";
          const fn = record(field(piece, "function"));
          const name = typeof fn.name === "string" ? fn.name : "";
          const key = String(field(piece, "index") ?? 0);
          let call = byKey.get(key);
          if (!call || beginsAnother(openOf(call), id, name)) {
            call = newCall(calls.length);
            byKey.set(key, call);
            calls.push(call);
          }
          if (name) call.name = joinedName(openOf(call), id, name);
          if (id) call.id = id;
          const args = argumentText(fn.arguments, call.parser.text());
          if (call.started || (call.name && (call.id || args !== undefined))) {
            call.id ||= generatedId(call.name, call.index); // a server that gave this call no id
            argumentPiece(call, args, emit, checks);
          } else if (args) call.parser.push(args); // reported once named
        }
        const reason = field(choice, "finish_reason");
        if (reason !== undefined && reason !== null) finish = reason;
      }
    },
    response() {
      const message: Record<string, unknown> = { role: "assistant", content: text.length ? text.join("") : null };
      if (refusal.length) message.refusal = refusal.join("");
      if (calls.length)
        message.tool_calls = calls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.parser.text() },
        }));
      return {
        ...base,
        choices: [{ index: 0, message, finish_reason: finish }],
        ...(usage !== undefined && { usage }),
      };
    },
  };
}

// ---- OpenAI Responses: typed events; `response.completed` carries the whole response ----------------------

function responses(checks: ArgumentChecks): Assembler {
  let base: Record<string, unknown> = {};
  let final: Record<string, unknown> | undefined;
  const items = new Map<number, unknown>(); // by output_index (a Map: an index from the wire never sizes an array)
  const calls = new Map<number, Call>();
  let count = 0;
  return {
    push(event, emit) {
      const e = record(event);
      const type = e.type;
      const at = Number(e.output_index);
      if (type === "response.created" || type === "response.in_progress") base = { ...record(e.response) };
      else if (type === "response.output_item.added" || type === "response.output_item.done") {
        const item = record(e.item);
        items.set(at, { ...item });
        if (item.type !== "function_call") return;
        let call = calls.get(at);
        if (!call) {
          call = newCall(count++);
          calls.set(at, call);
        }
        call.id = String(item.call_id ?? item.id ?? call.id);
        call.name = String(item.name ?? call.name);
        argumentPiece(call, type === "response.output_item.added" ? item.arguments : undefined, emit, checks);
        if (
          type === "response.output_item.done" &&
          typeof item.arguments === "string" &&
          item.arguments !== call.parser.text()
        )
          restart(call, checks, item.arguments);
      } else if (type === "response.function_call_arguments.delta") {
        const call = calls.get(at);
        if (call) argumentPiece(call, e.delta, emit, checks);
      } else if (type === "response.function_call_arguments.done") {
        const call = calls.get(at);
        // A "done" event whose text differs from what streamed: the done text wins.
        if (call && typeof e.arguments === "string" && e.arguments !== call.parser.text())
          restart(call, checks, e.arguments);
      } else if (type === "response.output_text.delta" && typeof e.delta === "string" && e.delta) {
        emit({ type: "text-delta", text: e.delta });
      } else if (type === "response.completed" || type === "response.incomplete") {
        final = record(e.response);
      } else if (type === "response.failed") {
        const error = record(record(e.response).error);
        throw new ProviderError(
          `responses: the response failed: ${String(error.message ?? "no reason given")}`,
          undefined,
          event,
        );
      }
    },
    response() {
      if (final && Array.isArray(final.output)) return final;
      // No `response.completed` (a cut stream): the items as they stand, arguments as streamed.
      const output = [...items.keys()]
        .sort((a, b) => a - b)
        .map((at) => {
          const call = calls.get(at);
          return call ? { ...record(items.get(at)), arguments: call.parser.text() } : items.get(at);
        });
      return { ...base, ...final, output };
    },
  };
}

// ---- Anthropic Messages: message_start, content_block_start / _delta / _stop, message_delta ---------------

function anthropic(checks: ArgumentChecks): Assembler {
  let base: Record<string, unknown> = {};
  const blocks = new Map<number, Record<string, unknown>>(); // by index (a Map: an index from the wire never sizes an array)
  const texts = new Map<number, string[]>();
  const calls = new Map<number, Call>();
  let count = 0;
  let usage: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  return {
    push(event, emit) {
      const e = record(event);
      const index = Number(e.index);
      switch (e.type) {
        case "message_start": {
          const message = record(e.message);
          base = { ...message };
          usage = { ...record(message.usage) };
          return;
        }
        case "content_block_start": {
          const block = { ...record(e.content_block) };
          blocks.set(index, block);
          if (block.type === "tool_use" || block.type === "server_tool_use") {
            const call = newCall(count++);
            call.id = String(block.id ?? "");
            call.name = String(block.name ?? "");
            calls.set(index, call);
            argumentPiece(call, undefined, emit, checks);
          } else if (block.type === "text" && typeof block.text === "string" && block.text) {
            texts.set(index, [block.text]);
            emit({ type: "text-delta", text: block.text });
          }
          return;
        }
        case "content_block_delta": {
          const delta = record(e.delta);
          const block = blocks.get(index);
          if (!block) return;
          if (delta.type === "text_delta" && typeof delta.text === "string") {
            const parts = texts.get(index) ?? [];
            parts.push(delta.text);
            texts.set(index, parts);
            if (delta.text) emit({ type: "text-delta", text: delta.text });
          } else if (delta.type === "input_json_delta") {
            const call = calls.get(index);
            if (call) argumentPiece(call, delta.partial_json, emit, checks);
          } else if (delta.type === "thinking_delta" && typeof delta.thinking === "string") {
            block.thinking = String(block.thinking ?? "") + delta.thinking;
          } else if (delta.type === "signature_delta" && typeof delta.signature === "string") {
            block.signature = delta.signature;
          } else if (delta.type === "citations_delta") {
            block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
          }
          return;
        }
        case "message_delta": {
          Object.assign(extra, record(e.delta));
          Object.assign(usage, record(e.usage));
          return;
        }
      }
    },
    response() {
      const content = [...blocks.keys()]
        .sort((a, b) => a - b)
        .map((index) => {
          const block = blocks.get(index)!;
          const parts = texts.get(index);
          if (parts) return { ...block, text: parts.join("") };
          const call = calls.get(index);
          if (call) return { ...block, input: parseArguments(call.parser.text()) };
          return block;
        });
      return { ...base, content, ...extra, usage };
    },
  };
}

// ---- Gemini: each chunk a GenerateContentResponse; function calls arrive whole ---------------------------

function gemini(checks: ArgumentChecks): Assembler {
  // Parts in order; consecutive plain text pieces are one part, its pieces joined at the end.
  const parts: ({ readonly part: Record<string, unknown> } | { readonly texts: string[] })[] = [];
  let base: Record<string, unknown> = {};
  let candidate: Record<string, unknown> = {};
  let calls = 0;
  return {
    push(chunk, emit) {
      const { candidates: _candidates, ...rest } = record(chunk);
      base = { ...base, ...rest };
      const first = record(list(chunk, "candidates")[0]);
      const { content: _content, ...others } = first;
      candidate = { ...candidate, ...others };
      for (const raw of list(field(first, "content"), "parts")) {
        const part = record(raw);
        if (typeof part.text === "string" && Object.keys(part).length === 1) {
          // A part with a thought signature or a flag stays whole; plain text joins the text before it.
          const last = parts[parts.length - 1];
          if (last && "texts" in last) last.texts.push(part.text);
          else parts.push({ texts: [part.text] });
          if (part.text) emit({ type: "text-delta", text: part.text });
          continue;
        }
        parts.push({ part: { ...part } });
        if (typeof part.text === "string" && part.thought !== true && part.text)
          emit({ type: "text-delta", text: part.text });
        const fc = part.functionCall;
        if (fc === undefined) continue;
        const call = newCall(calls);
        call.name = String(field(fc, "name") ?? "");
        call.id = String(field(fc, "id") ?? generatedId(call.name, calls));
        calls++;
        const args = field(fc, "args") ?? {};
        const text = JSON.stringify(args);
        restart(call, checks, text); // arguments arrive whole: checked at once
        emit({ type: "tool-call-start", index: call.index, id: call.id, name: call.name });
        emit({
          type: "tool-call-delta",
          index: call.index,
          id: call.id,
          name: call.name,
          delta: text,
          partial: args,
          arguments: args,
          ...call.verdict(),
        });
      }
    },
    response() {
      const whole = parts.map((entry) => ("texts" in entry ? { text: entry.texts.join("") } : entry.part));
      return { ...base, candidates: [{ ...candidate, content: { role: "model", parts: whole } }] };
    },
  };
}
