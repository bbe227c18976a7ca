import * as t from "../t/builders.js";
import { tool } from "../tools/define.js";
import { withFormats } from "../tools/methods.js";
import type { Logger, Tool } from "../tools/tool.js";
import { ExpectedFailure, hostFaultsOnly } from "./expected-failure.js";
import { runInWorker } from "./run-in-worker.js";

/** Options of `createJavaScriptTool`. */
export interface JavaScriptToolOptions {
  /** Milliseconds the code may run, from when its worker has started (default 5000). */
  readonly timeout?: number;
  /** Node only: the worker's heap limit in megabytes (default 256). */
  readonly memoryLimitMb?: number;
  /** Where faults of the host go (no worker could start); the code's own errors are results, never logged. */
  readonly logger?: Logger;
}

/**
 * The `javascript` tool, the counterpart of seed 001's `python`: runs the code a model sends in a new
 * worker (`worker_threads` in Node and Deno, a Web Worker in browsers and Bun) and returns the value of its last
 * expression (a promise is awaited), or else what it printed with `console.log`. An exception is a failed
 * result with its message and stack; so is a timeout, which terminates the worker. Each call gets a fresh
 * worker: nothing persists between calls, and the host's globals are never touched.
 *
 * Isolation: a separate thread with its own globals, stopped at the timeout. Not a security sandbox: in
 * Node, Deno and Bun the code has the process's permissions (files, network, subprocesses); in a browser,
 * the network. Run code you would not run yourself in a container or a VM.
 *
 * @example
 * const js = createJavaScriptTool({ timeout: 2000 });
 * await js.execute({ code: "const xs = [3, 1, 2]; xs.sort()" }); // { success: true, value: [1, 2, 3] }
 * await js.execute({ code: "console.log('hi')" });                // { success: true, value: "hi" }
 * await js.execute({ code: "while (true) {}" });
 * // { success: false, error: 'Tool "javascript" failed: The code did not finish within 2000 ms ...' }
 */
export function createJavaScriptTool(options: JavaScriptToolOptions = {}): Tool<{ code: string }, unknown> {
  const timeout = options.timeout ?? 5000;
  const memoryLimitMb = options.memoryLimitMb ?? 256;
  if (!(timeout > 0 && timeout <= 2 ** 31 - 1)) throw new TypeError(`createJavaScriptTool: timeout must be a number of milliseconds above 0, received ${String(timeout)}`);
  if (!(memoryLimitMb >= 8 && Number.isFinite(memoryLimitMb))) throw new TypeError(`createJavaScriptTool: memoryLimitMb must be at least 8, received ${String(memoryLimitMb)}`);
  return withFormats(tool({
    name: "javascript",
    description:
      "Runs JavaScript in a fresh worker and returns the value of the last expression (a promise is awaited), or else what the code " +
      `printed with console.log. Exceptions come back with their message and stack. Stopped after ${timeout} ms. ` +
      "Nothing persists between calls; top-level await is not available.",
    parameters: t.object({
      code: t.string({ description: 'The JavaScript to run, e.g. "const xs = [3, 1, 2]; xs.sort()"' }),
    }),
    logger: hostFaultsOnly(options.logger),
    execute: async ({ code }) => {
      const outcome = await runInWorker(code, { timeout, memoryLimitMb });
      const printed = "printed" in outcome && outcome.printed ? outcome.printed : "";
      switch (outcome.kind) {
        case "value":
          return outcome.value;
        case "no-value":
          return printed;
        case "error":
          throw new ExpectedFailure(`${outcome.error}${printed ? `\nPrinted before the error:\n${printed}` : ""}`);
        case "timeout":
          throw new ExpectedFailure(
            `The code did not finish within ${timeout} ms (an endless loop, or a promise that never settles?); its worker was stopped.` +
              (printed ? `\nPrinted before it was stopped:\n${printed}` : ""),
          );
        case "unavailable":
          throw new Error(outcome.reason);
      }
    },
  }));
}
