import { failure, type ToolResult } from "./result.js";

/**
 * What bounds one call of `boundedCall`.
 *
 * @example
 * boundedCall("get_weather", run, { signal: controller.signal, timeout: 5_000 });
 */
export interface CallBounds {
  /** Cancels the call: it resolves as a failed result saying so, and the signal `run` got aborts with this one's reason. */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds the call may take; then it resolves as a failed result and the signal `run` got aborts. */
  readonly timeout?: number | undefined;
}

/**
 * Runs one call of the tool named `name`, bounded by a timeout and a signal: resolves to what `run` gives, or to
 * a failed result when the time is up or the call is cancelled (without calling `run` when `signal` is already
 * aborted). `run` gets a signal of its own, aborted on timeout (a `TimeoutError`) or cancellation (the signal's
 * reason), so the function can stop its work; the result does not wait for it. The timer and the listener go when
 * it resolves. Used by `ToolRegistry.executeAll` and the agent loop.
 *
 * @example
 * await boundedCall("get_weather", (signal) => weather.execute({ city: "Paris" }, undefined, { signal }), { timeout: 50 });
 * // a slower call: { success: false, error: 'Tool "get_weather" timed out after 50 ms.' }
 */
export async function boundedCall(name: string, run: (signal: AbortSignal) => Promise<ToolResult>, { signal, timeout }: CallBounds): Promise<ToolResult> {
  if (signal?.aborted) return failure(`Tool "${name}" was cancelled before it ran.`);
  const own = new AbortController();
  const cleanups: (() => void)[] = [];
  const racers: Promise<ToolResult>[] = [run(own.signal)];
  if (timeout !== undefined && Number.isFinite(timeout) && timeout >= 0) {
    racers.push(
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          resolve(failure(`Tool "${name}" timed out after ${timeout} ms.`));
          own.abort(new DOMException(`Tool "${name}" timed out after ${timeout} ms`, "TimeoutError"));
        }, timeout);
        cleanups.push(() => clearTimeout(timer));
      }),
    );
  }
  if (signal) {
    racers.push(
      new Promise((resolve) => {
        const onAbort = () => {
          resolve(failure(`Tool "${name}" was cancelled.`));
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
