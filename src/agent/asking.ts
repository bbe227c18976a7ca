import { resultData } from "../calls/wire.js";
import { checkedLevel, elicitationSchema, elicitedValue } from "../tools/asks.js";
import type { ToolCall } from "../tools/call.js";
import type { ElicitSchema, Elicited, LogLevel, RunOptions, SampleRequest, SampleResult } from "../tools/tool.js";
import { preview } from "../util/text.js";
import type { Run } from "./run.js";
import type { SpanHandle } from "./tracing.js";

/**
 * A person's answer to a call's `elicit`, as MCP names it: accepted with the values asked for, declined, or
 * dismissed (`cancel`). What `resume` takes for a paused elicitation, keyed by the call's id.
 *
 * @example
 * resume(state, { call_1: { action: "accept", content: { confirm: true } } }, options);
 */
export type ElicitationAnswer = Elicited<Record<string, unknown>>;

/**
 * A call paused on its `elicit`: what it asks (`message`) and the values it wants (`schema`, MCP's flat JSON
 * Schema). `answered` holds the answers this call already got in this run, in order: when it runs again after
 * `resume`, its earlier `elicit`s are given them back, and the next one the new answer.
 *
 * @example
 * {
 *   id: "call_1",
 *   name: "delete_files",
 *   arguments: { dir: "/tmp" },
 *   index: 0,
 *   message: "Delete 3 files?",
 *   schema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
 *   answered: [],
 * }
 */
export interface PendingElicitation extends ToolCall {
  /** Its position among the turn's calls. */
  readonly index: number;
  readonly message: string;
  readonly schema: Record<string, unknown>;
  readonly answered: readonly ElicitationAnswer[];
}

/**
 * What the loop's `onElicit` gets: the call, the message and the JSON Schema of the values asked for.
 *
 * @example
 * onElicit: ({ call, message }) =>
 *   call.name === "delete_files" ? { action: "accept", content: { confirm: true } } : undefined;
 */
export interface ElicitationRequest {
  readonly call: ToolCall;
  readonly message: string;
  readonly schema: Record<string, unknown>;
}

/**
 * A log message a local tool sent with `log(level, data)`: a `log` event of `streamTools`, given to `onLog`, and an
 * event on the call's span when tracing.
 *
 * @example
 * onLog: ({ call, level, data }) => console.log(`[${level}] ${call.name}`, data)
 */
export interface ToolLog {
  readonly call: ToolCall;
  readonly index: number;
  readonly level: LogLevel;
  readonly data: unknown;
}

/**
 * One call's `log`, `elicit` and `sample`, and how it stops to ask: `paused` resolves when an `elicit` has no answer
 * yet (none given back, none from `onElicit`); the call stops there, and the loop asks its journal. `span` is set by
 * whoever opens the call's span, so logs become its events.
 *
 * @example
 * const asking = askingFor(run, call, 0, []);
 */
export interface Asking {
  readonly extras: Pick<RunOptions, "log" | "elicit" | "sample">;
  readonly paused: Promise<{ readonly paused: PendingElicitation }>;
  /**
   * A signal that aborts when the call pauses, made on first use (a call with a time limit takes it, so the limit
   * stops counting and the tool's `signal` says it stopped; other calls cost no controller).
   */
  readonly stop: () => AbortSignal;
  /** Whether the call paused. */
  readonly stopped: () => boolean;
  span?: SpanHandle;
}

/**
 * A call's extras in the loop. Its `elicit`s are given back the answers it already got (`answered`), in order; the
 * next one is answered by `onElicit` when it gives an answer, or stops the call (`paused`). `log` is there when
 * someone reads it (a stream, `onLog`, a tracer); `sample` when `onSample` answers it.
 *
 * @example
 * const { extras, paused } = askingFor(run, call, index, turn.answers.get(index) ?? []);
 */
export function askingFor(run: Run, call: ToolCall, index: number, answered: readonly ElicitationAnswer[]): Asking {
  let resolve!: (value: { readonly paused: PendingElicitation }) => void;
  const paused = new Promise<{ readonly paused: PendingElicitation }>((done) => (resolve = done));
  let stop: AbortController | undefined;
  let stopped = false;
  const pause = (value: { readonly paused: PendingElicitation }) => {
    resolve(value);
    stopped = true;
    stop?.abort(new DOMException(`Tool "${call.name}" paused for a person's answer`, "AbortError"));
  };
  let asked = 0;
  const { options } = run;
  const elicit = async (message: string, schema: ElicitSchema) => {
    if (typeof message !== "string" || !message)
      throw new TypeError(`elicit: the message must be a non-empty string; received ${preview(message, 60)}`);
    const requested = elicitationSchema(schema);
    const n = asked++;
    if (n < answered.length) return elicitedValue(answered[n], requested);
    const given = await options.onElicit?.({ call, message, schema: requested });
    if (given !== undefined) return elicitedValue(given, requested);
    pause({ paused: { ...call, index, message, schema: requested, answered } });
    return new Promise<never>(() => {}); // the call stops here; answered, it runs again from its start
  };
  const asking: Asking = {
    extras: { elicit: elicit as RunOptions["elicit"] },
    paused,
    stop: () => (stop ??= new AbortController()).signal,
    stopped: () => stopped,
  };
  const listened = run.stream || options.onLog !== undefined || options.tracer !== undefined;
  const log = (level: LogLevel, data: unknown) => {
    checkedLevel(level);
    const entry: ToolLog = { call, index, level, data: resultData(data) };
    asking.span?.event(`log ${level}`, { "tooltype.log.data": JSON.stringify(entry.data) ?? "null" });
    if (run.stream) run.logs.push(entry);
    options.onLog?.(entry);
  };
  const sample = options.onSample && ((request: SampleRequest) => sampled(options.onSample!, request, call));
  Object.assign(asking.extras, listened && { log }, sample && { sample });
  return asking;
}

async function sampled(
  onSample: NonNullable<Run["options"]["onSample"]>,
  request: SampleRequest,
  call: ToolCall,
): Promise<SampleResult> {
  if (typeof request !== "object" || request === null || !Array.isArray(request.messages))
    throw new TypeError('sample: the request must be an object with "messages", an array, and "maxTokens"');
  const answer = await onSample(request, { call });
  if (typeof answer !== "object" || answer === null || !("content" in answer))
    throw new Error(`sample: onSample answered without "content": ${preview(answer, 200)}`);
  return answer;
}
