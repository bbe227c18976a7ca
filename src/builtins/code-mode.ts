import type { ApprovalRule } from "../agent/approval.js";
import type { ApproveHook } from "../agent/tool-call.js";
import { indexTools, rankTools } from "../agent/tool-search.js";
import { activeSpan, type Tracer } from "../agent/tracing.js";
import * as t from "../t/builders.js";
import { tool } from "../tools/define.js";
import type { Guardrails } from "../tools/guardrails.js";
import { Tool } from "../tools/methods.js";
import type { AnyTool, Logger } from "../tools/tool.js";
import { type CallLimits, programCalls } from "./code-mode-calls.js";
import { toolMember, toolsDeclaration } from "./code-mode-declaration.js";
import { ExpectedFailure, hostFaultsOnly } from "./expected-failure.js";
import { processIsolationAvailable } from "./run-in-process.js";
import { type RunOutcome, runInWorker, runSlots } from "./run-in-worker.js";
import { MAX_PRINTED } from "./worker-script.js";

/**
 * Options of `createCodeModeTool`. Every limit is the host's: nothing a program does lifts it.
 *
 * @example
 * createCodeModeTool({
 *   tools: [weather, convert],
 *   maxCalls: 20,
 *   timeout: 10_000,
 *   approve: (call) => call.name !== "delete_file",
 * });
 */
export interface CodeModeToolOptions extends Guardrails {
  /**
   * The tools a program may call as `await tools.name(input)`; those with `defer: true` are found with
   * `tools.find_tools`.
   */
  readonly tools: readonly AnyTool[];
  /** The tool's name (default "run_program"). */
  readonly name?: string;
  /** Milliseconds the whole program may run, its calls included (default 30,000). */
  readonly timeout?: number;
  /** Calls one program may make (default 50). */
  readonly maxCalls?: number;
  /** Calls one program may have running at once (default 8). */
  readonly maxConcurrentCalls?: number;
  /** Characters each call's input may take as JSON (default 100,000). */
  readonly maxInput?: number;
  /** Characters each call's result may take as JSON (default 100,000). */
  readonly maxResult?: number;
  /** Characters of printed output kept (default 20,000). */
  readonly maxOutput?: number;
  /** Characters the program's return value may take as JSON (default 100,000). */
  readonly maxValue?: number;
  /** Milliseconds each call may take unless its tool says (default: the program's time is its only bound). */
  readonly callTimeout?: number;
  /**
   * Decides a call whose tool needs approval (`needsApproval`), at once: no person can be asked in the middle of a
   * program. Without it such a call is refused, and the program's `await` throws saying so.
   */
  readonly approve?: ApproveHook;
  /** A rule beside the tools' own `needsApproval`, as the loop's `needsApproval` option. */
  readonly needsApproval?: ApprovalRule;
  /**
   * Where the calls' spans go; default the global tracer. Each is a child of the span active when the program starts.
   */
  readonly tracer?: Tracer;
  /** The sandbox: as `createJavaScriptTool`'s `isolation`. */
  readonly isolation?: "process" | "worker";
  /** As `createJavaScriptTool`'s `memoryLimitMb` (default 256). */
  readonly memoryLimitMb?: number;
  /** Programs running at once (default 4). */
  readonly concurrency?: number;
  /** Where faults of the host go. */
  readonly logger?: Logger;
}

const DEFAULTS = {
  timeout: 30_000,
  maxCalls: 50,
  maxConcurrentCalls: 8,
  maxInput: 100_000,
  maxResult: 100_000,
  maxOutput: MAX_PRINTED,
  maxValue: 100_000,
  memoryLimitMb: 256,
  concurrency: 4,
} as const;

const FIND_TOOLS = "find_tools";

/**
 * Code mode: one tool whose input is a program that calls the given tools. Its description declares them as a
 * TypeScript API (`declare const tools: { get_weather(input: { city: string }): Promise<unknown> }`); the program
 * runs in the javascript tool's sandbox (a child process or a worker, no network, files or host objects) as the
 * body of an async function, and `await tools.name(input)` crosses the sandbox's channel to the host, where the
 * call takes the path a model's call takes: the tool's guard (a refused input throws in the program with the
 * guard's message), `before`, `needsApproval` (refused unless `approve` allows), `wrap`, the time limit, `after`,
 * and a span under the program's. What the program returns (and prints, capped) is the result.
 *
 * @example
 * const program = createCodeModeTool({ tools: [getWeather, convert] });
 * await runTools({ provider: "openai", chat, request, tools: [program] });
 * // the model sends: { code: "const w = await tools.get_weather({ city: 'Paris' }); return w.temperature;" }
 */
export function createCodeModeTool(options: CodeModeToolOptions): Tool<{ code: string }, unknown> {
  const settings = checkedOptions(options);
  const { tools, limits } = settings;
  const name = options.name ?? "run_program";
  const byName = new Map(tools.map((each) => [each.name, each]));
  const deferred = tools.filter((each) => each.defer);
  if (deferred.length) byName.set(FIND_TOOLS, findTools(deferred));
  const offered = [...byName.values()].filter((each) => !each.defer);
  const slots = runSlots(settings.concurrency);
  const run = {
    timeout: settings.timeout,
    memoryLimitMb: settings.memoryLimitMb,
    maxPrinted: settings.maxOutput,
    maxValue: settings.maxValue,
    isolation: settings.isolation,
    tools: [...byName.keys()],
    maxInput: limits.maxInput,
    maxCalls: limits.maxCalls,
  };
  let programs = 0;
  return tool({
    toolClass: Tool,
    name,
    description: describe(offered, deferred.length, settings),
    parameters: t.object({
      code: t.string({
        description:
          "The program: the body of an async function. Call tools with `await tools.name(input)`; `return` the result.",
      }),
    }),
    logger: hostFaultsOnly(options.logger),
    execute: async ({ code }, context, { signal, idempotencyKey }) => {
      const parent = activeSpan(options.tracer); // the span of this call, when the program starts
      const stop = new AbortController();
      const onAbort = () => stop.abort(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      const path = { ...guardrails(options), context, signal: stop.signal, parent, timeout: options.callTimeout };
      const onCall = programCalls(
        byName,
        limits,
        {
          ...path,
          ...(idempotencyKey && { idempotencyKey }),
          unapproved: "which cannot be asked for inside a program",
        },
        `${name}-${++programs}`,
      );
      try {
        // The program's first line is the wrapper's first line: its stack frames name the lines the model wrote.
        return resultOf(await runInWorker(`(async () => {${code}\n})()`, run, slots, onCall, signal), settings.timeout);
      } finally {
        stop.abort(); // calls still running when the program ended are cancelled
        signal?.removeEventListener("abort", onAbort);
      }
    },
  }) as Tool<{ code: string }, unknown>;
}

// The loop-level guardrails and approval given in the options, without the rest.
function guardrails(options: CodeModeToolOptions) {
  const { before, after, wrap, approve, needsApproval } = options;
  return {
    ...(before && { before }),
    ...(after && { after }),
    ...(wrap && { wrap }),
    ...(approve && { approve }),
    ...(needsApproval && { needsApproval }),
  };
}

function resultOf(outcome: RunOutcome, timeout: number): unknown {
  const printed = "printed" in outcome ? outcome.printed : "";
  const withPrinted = (text: string) => (printed ? `${text}\nPrinted before:\n${printed}` : text);
  switch (outcome.kind) {
    case "value":
    case "no-value": {
      const value = outcome.kind === "value" ? outcome.value : null;
      return printed ? { result: value, printed } : value;
    }
    case "error":
      throw new ExpectedFailure(withPrinted(`The program failed: ${outcome.error}`));
    case "timeout":
      throw new ExpectedFailure(
        withPrinted(`The program did not finish within ${timeout} ms, its calls included; it was stopped.`),
      );
    case "cancelled":
      throw new ExpectedFailure(withPrinted("The program was cancelled; its sandbox was stopped."));
    case "unavailable":
      throw new Error(outcome.reason);
  }
}

type Settings = ReturnType<typeof checkedOptions>;

function describe(offered: readonly AnyTool[], deferred: number, settings: Settings): string {
  const more = deferred
    ? ` ${deferred} more tools load on demand: \`await tools.find_tools({ query: "words" })\` returns their declarations, and they can be called at once.`
    : "";
  return (
    "Runs a JavaScript program that calls tools, and returns what it returns. The program is the body of an async " +
    "function: call tools with `await tools.name(input)` (a failed call throws an Error with the reason), combine " +
    "the results in code, and `return` only what is needed. No network, files or imports; console.log output is " +
    `returned too. Limits: ${settings.limits.maxCalls} calls, ${settings.limits.maxConcurrentCalls} at once, ` +
    `${settings.timeout} ms in all.${more}\n\n\`\`\`ts\n${toolsDeclaration(offered)}\n\`\`\``
  );
}

// find_tools inside a program: the deferred tools that fit, with their declarations.
function findTools(deferred: readonly AnyTool[]): AnyTool {
  let index: ReturnType<typeof indexTools> | undefined; // made on the first search
  return tool({
    name: FIND_TOOLS,
    description: `Finds tools loaded on demand (${deferred.length} of them) by words of their names and descriptions.`,
    parameters: t.object({
      query: t.string({ description: "Words describing what the tool should do" }),
      limit: t.optional(t.integer({ minimum: 1, maximum: 20, description: "How many at most (default 5)" })),
    }),
    returns: t.array(t.object({ name: t.string(), declaration: t.string() })),
    execute: ({ query, limit }) =>
      rankTools(query, (index ??= indexTools(deferred)), limit).map((found) => ({
        name: found.name,
        declaration: toolMember(found).trim(),
      })),
  });
}

function checkedOptions(options: CodeModeToolOptions) {
  if (typeof options !== "object" || options === null || !Array.isArray(options.tools) || !options.tools.length)
    throw new TypeError("createCodeModeTool: tools must be a list of one or more tools");
  const names = new Set<string>();
  for (const [i, each] of options.tools.entries()) {
    if (!(each instanceof Object) || typeof each.name !== "string" || typeof each.validate !== "function")
      throw new TypeError(
        `createCodeModeTool: tools[${i}] is not a tool (made with tool(), functionToTool or connectMCP)`,
      );
    if (names.has(each.name) || each.name === FIND_TOOLS)
      throw new TypeError(`createCodeModeTool: tools[${i}]: the name "${each.name}" is taken`);
    names.add(each.name);
  }
  const number = (key: keyof typeof DEFAULTS, least: number) => {
    const value = options[key] ?? DEFAULTS[key];
    if (!(Number.isSafeInteger(value) && value >= least))
      throw new TypeError(
        `createCodeModeTool: ${key} must be a whole number, ${least} or more, received ${String(value)}`,
      );
    return value;
  };
  if (options.callTimeout !== undefined && !(options.callTimeout > 0))
    throw new TypeError(
      `createCodeModeTool: callTimeout must be milliseconds above 0, received ${String(options.callTimeout)}`,
    );
  const available = processIsolationAvailable();
  const isolation = options.isolation ?? (available ? "process" : "worker");
  if (isolation !== "process" && isolation !== "worker")
    throw new TypeError(
      `createCodeModeTool: isolation must be "process" or "worker", received ${JSON.stringify(isolation)}`,
    );
  if (isolation === "process" && !available)
    throw new TypeError(
      'createCodeModeTool: isolation "process" needs Node or Deno; browsers and Bun run programs in a worker',
    );
  const limits: CallLimits = {
    maxCalls: number("maxCalls", 1),
    maxConcurrentCalls: number("maxConcurrentCalls", 1),
    maxInput: number("maxInput", 2),
    maxResult: number("maxResult", 4),
  };
  return {
    tools: options.tools,
    limits,
    isolation,
    timeout: number("timeout", 1),
    maxOutput: number("maxOutput", 1),
    maxValue: number("maxValue", 1),
    memoryLimitMb: number("memoryLimitMb", 8),
    concurrency: number("concurrency", 1),
  };
}
