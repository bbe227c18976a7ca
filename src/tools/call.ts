import type { ToolResult } from "./result.js";

/**
 * One call a model asked for. `arguments` is the parsed object, or the raw text when it was not valid JSON
 * (so running it reports the problem to the model instead of throwing).
 *
 * @example
 * { id: "call_1", name: "get_weather", arguments: { location: "Paris" } }
 */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  /**
   * Present when a program the provider runs made the call, not the model itself (programmatic tool calling: a tool
   * with `allowedCallers`); absent for the model's own calls.
   */
  readonly caller?: ToolCaller;
}

/**
 * Who made a call, when a program the provider runs made it: the caller's kind as the provider names it
 * (Anthropic's code-execution tool version, `"code_execution_20250825"`; OpenAI Responses' `"program"`) and the
 * provider's id of the program's own call (Anthropic `caller.tool_id`, the `server_tool_use` block running the
 * program; OpenAI Responses `caller.caller_id`, the `program` item's `call_id`).
 *
 * @example
 * { type: "code_execution_20250825", programId: "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK" }
 */
export interface ToolCaller {
  readonly type: string;
  readonly programId?: string;
}

/**
 * A call and what running it gave.
 *
 * @example
 * { id: "call_1", name: "get_weather", result: { success: true, value: "21 °C" } }
 */
export interface CallResult {
  readonly id: string;
  readonly name: string;
  readonly result: ToolResult;
}

/**
 * Options of `ToolRegistry.executeAll`.
 *
 * @example
 * await registry.executeAll(calls, { timeout: 10_000, concurrency: 4, signal: controller.signal });
 */
export interface ExecuteAllOptions {
  /** Cancels calls not yet finished: they resolve as failed results saying so. */
  readonly signal?: AbortSignal;
  /** Milliseconds each call may take; a slower call resolves as a failed result (its function is not stopped). */
  readonly timeout?: number;
  /** How many calls run at once (1 or more); all of them by default. */
  readonly concurrency?: number;
  /** Passed to every tool's function. */
  readonly context?: unknown;
}
