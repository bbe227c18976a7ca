import type { AnyTool } from "../tools/tool.js";
import { failure, type ToolResult } from "../tools/result.js";

/**
 * Options of `runBounded`.
 *
 * @example
 * runBounded(tool, args, { signal, timeout: 5_000, context });
 */
export interface BoundedOptions {
  /** Cancels the call: it resolves as a failed result saying so, and the function's signal aborts. */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds the call may take; then it resolves as a failed result and the function's signal aborts. */
  readonly timeout?: number | undefined;
  readonly context?: unknown;
}

/**
 * Runs one call of a tool on arguments already checked, bounded by a timeout and a signal. The tool's
 * function gets its own `AbortSignal`, aborted on timeout or cancellation, so it can stop its work; the
 * result does not wait for it. Never throws.
 *
 * @example
 * await runBounded(weather, { city: "Paris" }, { timeout: 5_000, signal });
 */
export async function runBounded(tool: AnyTool, args: unknown, { signal, timeout, context }: BoundedOptions): Promise<ToolResult> {
  if (signal?.aborted) return failure(`Tool "${tool.name}" was cancelled before it ran.`);
  const own = new AbortController();
  const cleanups: (() => void)[] = [];
  const racers: Promise<ToolResult>[] = [tool.execute(args, context, { signal: own.signal })];
  if (timeout !== undefined && Number.isFinite(timeout) && timeout >= 0) {
    racers.push(
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          resolve(failure(`Tool "${tool.name}" timed out after ${timeout} ms.`));
          own.abort(new DOMException(`Tool "${tool.name}" timed out after ${timeout} ms`, "TimeoutError"));
        }, timeout);
        cleanups.push(() => clearTimeout(timer));
      }),
    );
  }
  if (signal) {
    racers.push(
      new Promise((resolve) => {
        const onAbort = () => {
          resolve(failure(`Tool "${tool.name}" was cancelled.`));
          own.abort(signal.reason);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener("abort", onAbort));
      }),
    );
  }
  try {
    return await Promise.race(racers);
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

/**
 * Runs tasks with at most `limit` at once, and yields each `[index, result]` as it finishes. Tasks must not
 * reject (`runBounded` never does).
 *
 * @example
 * for await (const [index, result] of completions([() => a(), () => b()], 1)) console.log(index, result);
 */
export async function* completions<T>(tasks: readonly (() => Promise<T>)[], limit: number): AsyncGenerator<[number, T]> {
  const running = new Map<number, Promise<[number, T]>>();
  let next = 0;
  const start = () => {
    const index = next++;
    running.set(index, tasks[index]!().then((value): [number, T] => [index, value]));
  };
  while (next < tasks.length && running.size < limit) start();
  while (running.size) {
    const done = await Promise.race(running.values());
    running.delete(done[0]);
    if (next < tasks.length) start();
    yield done;
  }
}
