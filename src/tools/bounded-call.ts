import { failure, type ToolResult } from "./result.js";

/**
 * What bounds one call of `boundedCall`.
 *
 * @example
 * boundedCall("get_weather", run, { signal: controller.signal, timeout: 5_000 });
 */
export interface CallBounds {
  /**
   * Cancels the call: it resolves as a failed result saying so, and the signal `run` got aborts with this one's reason.
   */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds the call may take; then it resolves as a failed result and the signal `run` got aborts. */
  readonly timeout?: number | undefined;
}

/**
 * Runs one call of the tool named `name`, bounded by a timeout and a signal: resolves to what `run` gives, or to
 * a failed result when the time is up or the call is cancelled (without calling `run` when `signal` is already
 * aborted). `run` gets a signal that aborts on timeout (a `TimeoutError`) or cancellation (the signal's reason), so
 * the function can stop its work; the result does not wait for it. Without a timeout that is the caller's signal
 * itself, and all the calls waiting on one signal share one listener on it: a batch of calls costs one listener
 * and no controller, not one of each a call. Used by `ToolRegistry.executeAll` and the agent loop.
 *
 * @example
 * await boundedCall("get_weather", (signal) => weather.execute({ city: "Paris" }, undefined, { signal }), {
 *   timeout: 50,
 * });
 * // a slower call: { success: false, error: 'Tool "get_weather" timed out after 50 ms.' }
 */
export function boundedCall(
  name: string,
  run: (signal: AbortSignal) => Promise<ToolResult>,
  { signal, timeout }: CallBounds,
): Promise<ToolResult> {
  if (signal?.aborted) return Promise.resolve(failure(`Tool "${name}" was cancelled before it ran.`));
  const own = timeout !== undefined && Number.isFinite(timeout) && timeout >= 0 ? new AbortController() : undefined;
  // One promise a call, settled by whichever comes first; the timer and the wait on the signal go with it.
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel =
      signal &&
      (() => {
        settle(failure(`Tool "${name}" was cancelled.`));
        own?.abort(signal.reason);
      });
    const settle = (result: ToolResult | undefined, error?: unknown) => {
      if (timer !== undefined) clearTimeout(timer);
      if (cancel) stopWaiting(signal!, cancel);
      if (result) resolve(result);
      else reject(error);
    };
    try {
      run(own?.signal ?? signal ?? neverAborted()).then(settle, (error: unknown) => settle(undefined, error));
    } catch (error) {
      return settle(undefined, error);
    }
    if (own) {
      timer = setTimeout(() => {
        settle(failure(`Tool "${name}" timed out after ${timeout} ms.`));
        own.abort(new DOMException(`Tool "${name}" timed out after ${timeout} ms`, "TimeoutError"));
      }, timeout);
    }
    if (cancel) whenAborted(signal!, cancel);
  });
}

/** The callbacks waiting on one signal, and the one listener that calls them. */
interface Waiting {
  readonly callbacks: Set<() => void>;
  readonly listener: () => void;
}

// Made on first use: nothing runs at import.
let waiting: WeakMap<AbortSignal, Waiting> | undefined;
let never: AbortSignal | undefined;

/** A signal that never aborts, for a call that nothing can cancel. */
function neverAborted(): AbortSignal {
  return (never ??= new AbortController().signal);
}

/**
 * Calls `callback` when `signal` aborts, unless `stopWaiting` takes it back first. Every callback on one signal
 * shares one listener, added with the first and removed with the last, so waiting and stopping cost O(1)
 * however many wait.
 *
 * @example
 * whenAborted(controller.signal, onCancel); // later: stopWaiting(controller.signal, onCancel)
 */
function whenAborted(signal: AbortSignal, callback: () => void): void {
  const all = (waiting ??= new WeakMap());
  let entry = all.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      all.delete(signal);
      for (const waiter of callbacks) waiter();
    };
    all.set(signal, (entry = { callbacks, listener }));
    signal.addEventListener("abort", listener, { once: true });
  }
  entry.callbacks.add(callback);
}

/**
 * Takes back a callback given to `whenAborted` (nothing when it was called or taken back already).
 *
 * @example
 * stopWaiting(controller.signal, onCancel);
 */
function stopWaiting(signal: AbortSignal, callback: () => void): void {
  const entry = waiting?.get(signal);
  if (!entry?.callbacks.delete(callback) || entry.callbacks.size) return;
  waiting!.delete(signal);
  signal.removeEventListener("abort", entry.listener);
}
