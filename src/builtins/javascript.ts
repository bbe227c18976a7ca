import * as t from "../t/builders.js";
import { tool } from "../tools/define.js";
import { Tool } from "../tools/methods.js";
import type { Logger } from "../tools/tool.js";
import { ExpectedFailure, hostFaultsOnly } from "./expected-failure.js";
import { processIsolationAvailable } from "./run-in-process.js";
import { runInWorker, runSlots } from "./run-in-worker.js";
import { MAX_PRINTED, MAX_VALUE } from "./worker-script.js";

/** Options of `createJavaScriptTool`. @example createJavaScriptTool({ timeout: 1_000 }); */
export interface JavaScriptToolOptions {
  /** Milliseconds the code may run, from when its worker or process has started (default 5000). */
  readonly timeout?: number;
  /**
   * The code's memory limit in megabytes (default 256). In a child process: its heap limit (`--max-old-space-size`)
   * and, on Linux, how much its resident memory may grow once started (ArrayBuffers and typed arrays included);
   * over it the process is killed. A Node worker's heap limit. Browsers and Bun's workers have no such limit.
   */
  readonly memoryLimitMb?: number;
  /**
   * How many calls of this tool run at once (default 4); the others wait their turn, and their time starts
   * when they start. One model turn asking for 40 calls starts at most this many processes or workers at a time.
   */
  readonly concurrency?: number;
  /** Characters of printed output kept (default 20,000); the rest is cut, and the result says so. */
  readonly maxOutput?: number;
  /** Characters the value may take as JSON (default 1,000,000); a larger value is a failed result. */
  readonly maxValue?: number;
  /**
   * Where the code runs. `"process"` (the default in Node and Deno): a new child process per call; in Node the
   * code runs in a fresh `vm` context there (no `process`, no modules, no host objects), under Node's permission
   * model besides; in Deno without any permission. `"worker"` (the default, and the only choice, in browsers and
   * Bun): a new worker thread, faster to start; in Node the same `vm` context, but memory outside the heap is not
   * capped and the thread shares the host's process. See the README's "What the javascript tool isolates".
   */
  readonly isolation?: "process" | "worker";
  /** Where faults of the host go (no worker could start); the code's own errors are results, never logged. */
  readonly logger?: Logger;
}

/** How many calls of one javascript tool run at once unless `concurrency` says otherwise. */
const DEFAULT_CONCURRENCY = 4;

/**
 * The `javascript` tool, the counterpart of Python's code-running tool: runs the code a model sends in a new
 * child process (Node, Deno) or worker (browsers, Bun; Node and Deno with `isolation: "worker"`) and returns
 * the value of its last expression (a promise is awaited), or else what it printed with `console.log`. An
 * exception is a failed result with its message and stack; so is a timeout, which stops the process or
 * worker. Each call starts fresh: nothing persists between calls, and the host's globals are never touched.
 *
 * Isolation, by runtime (the README's "What the javascript tool isolates" has the whole table): in Node the
 * code runs in a fresh `vm` context of the child, a realm with only the language's built-ins (no `process`,
 * `require`, `import()`, `eval` or sockets), whose outcome leaves as JSON text; the child dies with its host. In
 * Deno the child has no permission (no files, network, environment or subprocesses); in browsers and Bun, a worker
 * whose network globals, `import()` and code from strings are removed. Time, heap and (Linux) resident memory of
 * a child, printed output, value size, and the calls running at once (`concurrency`) are limited.
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
  if (!(timeout > 0 && timeout <= 2 ** 31 - 1))
    throw new TypeError(
      `createJavaScriptTool: timeout must be a number of milliseconds above 0, received ${String(timeout)}`,
    );
  if (!(memoryLimitMb >= 8 && Number.isFinite(memoryLimitMb)))
    throw new TypeError(`createJavaScriptTool: memoryLimitMb must be at least 8, received ${String(memoryLimitMb)}`);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!(Number.isSafeInteger(concurrency) && concurrency >= 1))
    throw new TypeError(
      `createJavaScriptTool: concurrency must be a whole number of runs, 1 or more, received ${String(concurrency)}`,
    );
  const slots = runSlots(concurrency);
  const maxPrinted = options.maxOutput ?? MAX_PRINTED;
  const maxValue = options.maxValue ?? MAX_VALUE;
  for (const [name, n] of [
    ["maxOutput", maxPrinted],
    ["maxValue", maxValue],
  ] as const) {
    if (!(Number.isSafeInteger(n) && n >= 1))
      throw new TypeError(
        `createJavaScriptTool: ${name} must be a whole number of characters, 1 or more, received ${String(n)}`,
      );
  }
  const available = processIsolationAvailable();
  const isolation = options.isolation ?? (available ? "process" : "worker");
  if (isolation !== "process" && isolation !== "worker")
    throw new TypeError(
      `createJavaScriptTool: isolation must be "process" or "worker", received ${JSON.stringify(isolation)}`,
    );
  if (isolation === "process" && !available) {
    throw new TypeError(
      'createJavaScriptTool: isolation "process" needs Node or Deno (a child process under a permission barrier); browsers and Bun run code in a worker',
    );
  }
  return tool({
    toolClass: Tool,
    name: "javascript",
    description:
      `Runs JavaScript in a fresh ${isolation === "process" ? "process" : "worker"} and returns the value of the last expression (a promise is awaited), or else what the code ` +
      `printed with console.log. Exceptions come back with their message and stack. Stopped after ${timeout} ms. ` +
      "Nothing persists between calls; top-level await is not available.",
    parameters: t.object({
      code: t.string({ description: 'The JavaScript to run, e.g. "const xs = [3, 1, 2]; xs.sort()"' }),
    }),
    logger: hostFaultsOnly(options.logger),
    execute: async ({ code }, _context, { signal }) => {
      const limits = { timeout, memoryLimitMb, maxPrinted, maxValue, isolation } as const;
      const outcome = await runInWorker(code, limits, slots, undefined, signal);
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
            `The code did not finish within ${timeout} ms (an endless loop, or a promise that never settles?); its ${isolation} was stopped.` +
              (printed ? `\nPrinted before it was stopped:\n${printed}` : ""),
          );
        case "cancelled":
          throw new ExpectedFailure(`The run was cancelled; its ${isolation} was stopped.`);
        case "unavailable":
          throw new Error(outcome.reason);
      }
    },
  }) as Tool<{ code: string }, unknown>; // toolClass: Tool makes the root entry's Tool
}
