import { type CallPathOptions, callOnePath } from "../agent/tool-call.js";
import type { AnyTool } from "../tools/tool.js";
import type { CallHandler } from "./run-in-worker.js";

/**
 * The limits of one program's calls, which the host keeps (nothing the program does can change them).
 *
 * @example
 * const limits: CallLimits = { maxCalls: 50, maxConcurrentCalls: 8, maxInput: 100_000, maxResult: 100_000 };
 */
export interface CallLimits {
  /** Calls a program may make. */
  readonly maxCalls: number;
  /** Calls a program may have running at once. */
  readonly maxConcurrentCalls: number;
  /** Characters an input may take as JSON. */
  readonly maxInput: number;
  /** Characters a result may take as JSON. */
  readonly maxResult: number;
}

/**
 * The host's side of one program's channel: each call the program makes is counted and measured against the
 * limits, then takes the path a model's call takes (`callOnePath`); what comes back is the value as JSON data,
 * or the message the program's `await` throws.
 *
 * @example
 * const onCall = programCalls(byName, limits, { parent, signal, approve }, "p1");
 * await onCall("get_weather", '{"city":"Paris"}'); // { ok: true, value: { temperature: 21 } }
 */
export function programCalls(
  tools: ReadonlyMap<string, AnyTool>,
  limits: CallLimits,
  path: CallPathOptions,
  run: string,
): CallHandler {
  let made = 0;
  let running = 0;
  return async (name, input) => {
    const refused = refusal(tools, limits, name, input, made, running);
    if (refused) return { ok: false, error: refused };
    const n = ++made;
    running++;
    try {
      const call = { id: `${run}-${n}`, name, arguments: JSON.parse(input) as unknown };
      const key = path.idempotencyKey === undefined ? {} : { idempotencyKey: `${path.idempotencyKey}:${n}` };
      const result = await callOnePath(tools.get(name)!, call, { ...path, ...key });
      if (!result.success) return { ok: false, error: result.error };
      return crossing(name, result.value, limits.maxResult);
    } finally {
      running--;
    }
  };
}

// Why a call is refused before it runs, or undefined.
function refusal(
  tools: ReadonlyMap<string, AnyTool>,
  limits: CallLimits,
  name: string,
  input: string,
  made: number,
  running: number,
): string | undefined {
  if (!tools.has(name)) return `There is no tool "${name.slice(0, 64)}". Available: ${[...tools.keys()].join(", ")}.`;
  if (made >= limits.maxCalls)
    return `tools.${name} was not called: this program has made ${made} calls, the most one program may make. Do the rest in another program, or return what you have.`;
  if (running >= limits.maxConcurrentCalls)
    return `tools.${name} was not called: ${running} calls are running, the most one program may have at once. Await some before starting more.`;
  if (input.length > limits.maxInput)
    return `tools.${name} was not called: its input is ${input.length} characters long as JSON, more than the limit of ${limits.maxInput}. Send less.`;
  return undefined;
}

// The result as JSON data, within the size limit.
function crossing(
  name: string,
  value: unknown,
  maxResult: number,
): { ok: true; value: unknown } | { ok: false; error: string } {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return { ok: false, error: `The result of tools.${name} cannot be sent as JSON: ${String(error)}` };
  }
  if (text === undefined) return { ok: true, value: null };
  if (text.length > maxResult)
    return {
      ok: false,
      error: `The result of tools.${name} is ${text.length} characters long as JSON, more than the limit of ${maxResult}; ask for less.`,
    };
  return { ok: true, value: JSON.parse(text) as unknown };
}
