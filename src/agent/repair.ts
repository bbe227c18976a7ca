import type { AnyTool } from "../tools/tool.js";
import type { ToolCall } from "../tools/call.js";
import type { ToolResult } from "../tools/result.js";
import { failure } from "../tools/result.js";
import { lenientArguments } from "./lenient.js";

/**
 * What a `repair` hook receives: the call, its arguments as text, and the error the model would be sent.
 *
 * @example
 * repair: ({ call, text, error }) => (call.name === "book" ? text.replace(/,\s*}/, "}") : undefined)
 */
export interface RepairInput {
  readonly call: ToolCall;
  readonly tool: AnyTool;
  /** The arguments as the model sent them, as text (JSON text for providers that send objects). */
  readonly text: string;
  /** Why they were refused: the same text the model gets when nothing is repaired. */
  readonly error: string;
  /** The conversation so far, for a hook that asks a model to fix the call. */
  readonly messages: readonly unknown[];
}

/**
 * Fixes arguments the tool refused: returns new arguments (an object or JSON text), or `undefined` to give
 * up. Asked at most once per call; what it returns is adopted only when the tool's guard accepts it. A hook
 * that throws gives up.
 *
 * @example
 * const repair: RepairHook = ({ text }) => text.replace(/"celcius"/g, '"celsius"');
 */
export type RepairHook = (input: RepairInput) => unknown;

/**
 * How the arguments a tool got were reached: as sent, by the lenient reading, or by the repair hook.
 *
 * @example
 * if (event.type === "tool-result" && event.repaired)
 *   console.log(`${event.name}: arguments fixed by ${event.repaired}`);
 */
export type Repaired = "lenient" | "repair";

/**
 * A call ready to run, with the arguments it runs on, or the failed result the model gets instead.
 *
 * @example
 * const prepared = await prepareCall(call, tool, { messages }); if (!prepared.ok) send(prepared.result);
 */
export type Prepared =
  | {
      readonly ok: true;
      readonly tool: AnyTool;
      readonly arguments: unknown;
      readonly decoded: unknown;
      readonly repaired?: Repaired;
    }
  | { readonly ok: false; readonly result: ToolResult };

/**
 * Options of `prepareCall`.
 *
 * @example
 * prepareCall(call, tool, { lenient: true, repair, messages });
 */
export interface PrepareOptions {
  readonly lenient?: boolean;
  readonly repair?: RepairHook;
  readonly messages: readonly unknown[];
}

/**
 * Checks a call's arguments against its tool's guard. When they fail: the lenient reading (when enabled),
 * then the repair hook (when given), each adopted only if the guard then accepts the result. Otherwise the
 * guard's error, which goes back to the model as today. Never throws.
 *
 * @example
 * const prepared = await prepareCall(call, tool, { lenient: true, messages });
 * if (prepared.ok) await tool.execute(prepared.arguments);
 */
export async function prepareCall(call: ToolCall, tool: AnyTool, options: PrepareOptions): Promise<Prepared> {
  const first = await tool.validate(call.arguments);
  if (first.success) return { ok: true, tool, arguments: call.arguments, decoded: first.value };
  if (options.lenient) {
    const fixed = attempt(() => lenientArguments(call.arguments, tool.parameters));
    if (fixed !== undefined) {
      const checked = await tool.validate(fixed);
      if (checked.success) return { ok: true, tool, arguments: fixed, decoded: checked.value, repaired: "lenient" };
    }
  }
  if (options.repair) {
    let fixed: unknown;
    try {
      fixed = await options.repair({
        call,
        tool,
        text: textOf(call.arguments),
        error: first.error,
        messages: options.messages,
      });
    } catch {
      fixed = undefined; // a hook that fails gives up: the model gets the guard's error
    }
    if (fixed !== undefined && fixed !== null) {
      const args = typeof fixed === "string" ? parsed(fixed) : fixed;
      const checked = args === undefined ? undefined : await tool.validate(args);
      if (checked?.success) return { ok: true, tool, arguments: args, decoded: checked.value, repaired: "repair" };
    }
  }
  return { ok: false, result: first };
}

/**
 * A failed result for a call whose tool is not offered (unknown, or left out of this step by `prepareStep`).
 *
 * @example
 * unknownTool("nope", ["get_weather"]);
 * // { success: false, error: 'Unknown tool "nope". Available tools: get_weather.' }
 */
export function unknownTool(name: string, offered: readonly string[]): ToolResult {
  const shown = JSON.stringify(String(name)).slice(0, 80);
  return failure(
    `Unknown tool ${shown}. ${offered.length ? `Available tools: ${offered.join(", ")}.` : "No tools are available."}`,
  );
}

function attempt(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function textOf(args: unknown): string {
  if (typeof args === "string") return args;
  try {
    return JSON.stringify(args) ?? "";
  } catch {
    return String(args);
  }
}
