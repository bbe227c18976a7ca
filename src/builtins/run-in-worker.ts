import { startProcess } from "./run-in-process.js";
import { nodeWorkerScript, outputLimits, webWorkerScript } from "./worker-script.js";
import { nodeBuiltin } from "../util/node-builtin.js";

/** How one run of code ended. `printed` is what it wrote with `console.*`, one line per call. */
export type RunOutcome =
  | { readonly kind: "value"; readonly value: unknown; readonly printed: string }
  | { readonly kind: "no-value"; readonly printed: string }
  | { readonly kind: "error"; readonly error: string; readonly printed: string }
  | { readonly kind: "timeout"; readonly printed: string }
  | { readonly kind: "cancelled"; readonly printed: string }
  | { readonly kind: "unavailable"; readonly reason: string };

/**
 * Limits of one run, and where it runs.
 *
 * @example
 * runInWorker(code, { timeout: 5000, memoryLimitMb: 256, maxPrinted: 20_000, maxValue: 1e6, isolation: "worker" })
 */
export interface RunLimits {
  /** Milliseconds the code may run, counted from when its worker has started. */
  readonly timeout: number;
  /** The heap limit: the child's `--max-old-space-size`, or a Node worker's `resourceLimits.maxOldGenerationSizeMb`. */
  readonly memoryLimitMb: number;
  /** Characters of printed output kept. */
  readonly maxPrinted: number;
  /** Characters the value may take as JSON. */
  readonly maxValue: number;
  /** A child process under a permission barrier (Node, Deno), or a worker thread. */
  readonly isolation: "process" | "worker";
  /** Code mode: the tools the code may call as `tools.name(input)` (see `runInWorker`'s `onCall`). */
  readonly tools?: readonly string[];
  /** Code mode: characters an input may take as JSON. */
  readonly maxInput?: number;
  /** Code mode: calls a run may make (its process may write that many inputs besides its output). */
  readonly maxCalls?: number;
}

/**
 * Code mode: answers one call the code made (`await tools.name(input)`), with the input as the JSON text the
 * sandbox wrote: the value to resolve the call with, or the message of the error it throws inside the code.
 *
 * @example
 * const onCall: CallHandler = async (name, input) => ({ ok: true, value: await run(name, JSON.parse(input)) });
 */
export type CallHandler = (
  name: string,
  input: string,
) => Promise<{ readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string }>;

/** A started worker or child process. @example handle.post({ code: "1 + 1" }); await handle.stop(); */
export interface WorkerHandle {
  readonly kind: "web" | "node" | "process";
  /** Whether the code is stopped at its time limit inside (Node's sandbox), which then reports what it printed. */
  readonly timesItself: boolean;
  /** The code first, then code mode's replies (JSON text). */
  post(message: { code: string } | { reply: string }): void;
  /** Stops it; settles once it is gone (a child process has exited). */
  stop(): Promise<void>;
}

/** What a worker or child process reports to the run. @example listener.message('{"type":"ready"}') */
export interface WorkerListener {
  /** One message as JSON text; anything else is ignored. */
  message(text: unknown): void;
  failed(description: string, code?: string): void;
  exited(exitCode: number): void;
}

// The parts of node:worker_threads used here (the package has no @types/node).
interface NodeWorker {
  on(event: "message" | "messageerror" | "error" | "exit", listener: (value: never) => void): void;
  postMessage(message: unknown): void;
  terminate(): Promise<unknown>;
}
type NodeWorkerConstructor = new (script: string, options: object) => NodeWorker;

const WORKER_NAME = "tooltype javascript tool";

/** How long a worker may take to start (a loaded machine can be slow) before the run is given up. */
const WORKER_START_LIMIT_MS = 10_000;

/** Where the sandbox stops the code at its time limit itself, how much later the host stops the sandbox. */
const HOST_TIME_MARGIN_MS = 2_000;

/**
 * At most `limit` runs at a time; the others wait their turn, in order. A slot is given back once the run's
 * process or worker is gone, so the number alive never exceeds the limit.
 *
 * @example
 * const slots = runSlots(4);
 * const release = await slots.take(); // ...run...; release();
 */
export function runSlots(limit: number): { take(): Promise<() => void> } {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    take: () =>
      new Promise((resolve) => {
        const give = () => resolve(once(release));
        if (running < limit) {
          running++;
          give();
        } else waiting.push(give);
      }),
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (!done) action();
    done = true;
  };
}

const UNLIMITED = { take: async () => () => {} };

/**
 * Runs `code` in a new child process (`isolation: "process"`: Node under its permission model, Deno without
 * permissions) or worker (Node's `worker_threads` in Node and Deno, a Web Worker in browsers and Bun)
 * and resolves to how it ended. Never rejects. The worker is terminated when the result arrives or the time
 * is up, and the next run starts a new one (Deno cannot stop a thread stuck in a loop: see prefersNodeWorkers).
 *
 * @example
 * await runInWorker("[1, 2, 3].map((x) => x * 2)", {
 *   timeout: 5000,
 *   memoryLimitMb: 256,
 *   maxPrinted: 20_000,
 *   maxValue: 1_000_000,
 *   isolation: "process",
 * });
 * // { kind: "value", value: [2, 4, 6], printed: "" }
 */
export async function runInWorker(
  code: string,
  limits: RunLimits,
  slots: { take(): Promise<() => void> } = UNLIMITED,
  onCall?: CallHandler,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const release = await slots.take();
  if (signal?.aborted) {
    release();
    return { kind: "cancelled", printed: "" };
  }
  return runTaken(code, limits, release, onCall, signal);
}

function runTaken(
  code: string,
  limits: RunLimits,
  release: () => void,
  onCall?: CallHandler,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  return new Promise((resolve) => new WorkerRun(limits, release, resolve, onCall, signal).start(code));
}

/** The fields of a message the sandbox sends; each is checked before it is used. */
interface SandboxMessage {
  type?: unknown;
  text?: unknown;
  cut?: unknown;
  hasValue?: unknown;
  value?: unknown;
  error?: unknown;
  id?: unknown;
  name?: unknown;
  input?: unknown;
}

/** One run in a worker: its printed lines, its clock, and the outcome it resolves with once. */
class WorkerRun implements WorkerListener {
  private readonly lines: string[] = [];
  private printedLength = 0;
  private cut = false;
  private ready = false;
  private done = false;
  private handle: WorkerHandle | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly cancel = () => this.finish({ kind: "cancelled", printed: this.printed() });

  constructor(
    private readonly limits: RunLimits,
    private readonly release: () => void,
    private readonly resolve: (outcome: RunOutcome) => void,
    private readonly onCall?: CallHandler,
    private readonly signal?: AbortSignal,
  ) {}

  start(code: string): void {
    this.signal?.addEventListener("abort", this.cancel, { once: true }); // the caller gave up: stopped at once
    // The code's time starts when its worker is ready, so a slow start does not eat into it.
    this.timer = setTimeout(
      () =>
        this.finish({
          kind: "unavailable",
          reason: `The javascript tool's worker did not start within ${WORKER_START_LIMIT_MS} ms.`,
        }),
      WORKER_START_LIMIT_MS,
    );
    startWorker(this, this.limits)
      .then(
        (started) => this.started(started, code),
        (error: unknown) =>
          this.finish({
            kind: "unavailable",
            reason: `The javascript tool could not start a worker: ${describe(error)}`,
          }),
      )
      .then(() => {
        if (!this.handle) this.release(); // none started: nothing to wait for
      });
  }

  private started(started: WorkerHandle | string, code: string): void {
    if (typeof started === "string") {
      this.finish({ kind: "unavailable", reason: started });
      return;
    }
    this.handle = started;
    if (this.done) {
      started.stop().then(this.release, this.release);
      return;
    }
    try {
      started.post({ code });
    } catch (error) {
      this.finish({
        kind: "unavailable",
        reason: `The javascript tool could not send the code to its worker: ${describe(error)}`,
      });
    }
  }

  private printed(): string {
    return this.lines.join("\n") + (this.cut ? `\n… (output cut at ${this.limits.maxPrinted} characters)` : "");
  }

  private finish(outcome: RunOutcome): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.signal?.removeEventListener("abort", this.cancel);
    if (this.handle) this.handle.stop().then(this.release, this.release);
    this.resolve(outcome);
  }

  private startTheClock(): void {
    clearTimeout(this.timer);
    const margin = this.handle?.timesItself ? HOST_TIME_MARGIN_MS : 0;
    this.timer = setTimeout(
      () => this.finish({ kind: "timeout", printed: this.printed() }),
      Math.min(this.limits.timeout + margin, 2 ** 31 - 1),
    );
  }

  // Messages are JSON text the sandbox wrote; what the code printed is inside them as data, and every field is
  // checked.
  message(text: unknown): void {
    const message = parseMessage(text) as SandboxMessage | undefined;
    if (message === undefined) return;
    if (message.type === "ready" && !this.ready) {
      this.ready = true;
      this.startTheClock();
    } else if (message.type === "print" && typeof message.text === "string" && !this.cut) {
      this.print(message.text, message.cut === true);
    } else if (message.type === "result") {
      this.finish(
        message.hasValue === true
          ? { kind: "value", value: message.value, printed: this.printed() }
          : { kind: "no-value", printed: this.printed() },
      );
    } else if (message.type === "call" && this.onCall) {
      answerCall(message, this.onCall, (reply) => {
        if (!this.done) this.handle?.post({ reply });
      });
    } else if (message.type === "timeout") {
      this.finish({ kind: "timeout", printed: this.printed() });
    } else if (message.type === "error") {
      const error = typeof message.error === "string" ? message.error : "The code failed.";
      this.finish({ kind: "error", error, printed: this.printed() });
    }
  }

  private print(text: string, cut: boolean): void {
    const room = this.limits.maxPrinted - this.printedLength; // a newline counted after each line, as the worker does
    if (text.length + 1 <= room) {
      this.lines.push(text);
      this.printedLength += text.length + 1;
    } else {
      if (room > 1) this.lines.push(text.slice(0, room - 1));
      this.cut = true;
    }
    if (cut) this.cut = true;
  }

  failed(description: string, code?: string): void {
    if (code === "ERR_WORKER_OUT_OF_MEMORY") {
      const inProcess = this.handle?.kind === "process";
      const what = inProcess ? "MB, ArrayBuffers and typed arrays included" : "MB of heap";
      this.finish({
        kind: "error",
        error: `The code ran out of memory (the limit is ${this.limits.memoryLimitMb} ${what}); its ${inProcess ? "process" : "worker"} was stopped.`,
        printed: this.printed(),
      });
    } else if (code === "ERR_OUTPUT_LIMIT") {
      this.finish({ kind: "error", error: description, printed: this.printed() });
    } else if (!this.ready) {
      const hint =
        this.handle?.kind === "web"
          ? " A Content-Security-Policy whose worker-src (or script-src) allows neither data: nor blob: URLs blocks it."
          : "";
      this.finish({
        kind: "unavailable",
        reason: `The javascript tool could not start a worker here${description ? ` (${description})` : ""}.${hint}`,
      });
    } else {
      const error = `Uncaught in the worker: ${description || "an error without a message"}`;
      this.finish({ kind: "error", error, printed: this.printed() });
    }
  }

  exited(exitCode: number): void {
    const where = this.handle?.kind === "process" ? "process" : "worker";
    this.finish({
      kind: "error",
      error: `The ${where} running the code stopped (exit code ${exitCode}) before the code finished: it exited, or ran out of memory.`,
      printed: this.printed(),
    });
  }
}

// A call message as the sandbox wrote it, every field checked; the reply goes back as JSON text.
function answerCall(
  message: { id?: unknown; name?: unknown; input?: unknown },
  onCall: CallHandler,
  post: (reply: string) => void,
): void {
  const { id, name, input } = message;
  if (typeof id !== "number" || typeof name !== "string" || typeof input !== "string") return;
  onCall(name, input).then(
    (answer) => post(JSON.stringify({ id, ...answer })),
    (error: unknown) =>
      post(JSON.stringify({ id, ok: false, error: `The call failed in the host: ${describe(error)}` })),
  );
}

function parseMessage(text: unknown): object | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === "object" && data !== null ? data : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function hasWebWorkers(): boolean {
  return typeof (globalThis as { Worker?: unknown }).Worker === "function";
}

// Deno's Worker#terminate() cannot stop a thread stuck in a loop and then keeps the process from exiting
// (denoland/deno#35657). Its node:worker_threads cannot stop the thread either, but lets the process exit.
function prefersNodeWorkers(): boolean {
  return typeof (globalThis as { Deno?: unknown }).Deno === "object";
}

/** A started worker, or why none could start. */
async function startWorker(listener: WorkerListener, limits: RunLimits): Promise<WorkerHandle | string> {
  if (limits.isolation === "process") return startProcess(listener, limits);
  const NodeWorker = prefersNodeWorkers() || !hasWebWorkers() ? await loadNodeWorker() : undefined;
  if (NodeWorker) return startNodeWorker(NodeWorker, listener, limits);
  if (hasWebWorkers()) return startWebWorker(globalThis.Worker, listener, limits);
  return "The javascript tool needs workers: this runtime has neither Web Workers nor node:worker_threads.";
}

// The last script's URL, by its limits: one tool's calls share it.
let webScript: { key: string; url: string; source: string } | undefined;

function startWebWorker(WebWorker: typeof Worker, listener: WorkerListener, limits: RunLimits): WorkerHandle | string {
  const key = JSON.stringify([limits.maxPrinted, limits.maxValue, limits.tools, limits.maxInput]);
  if (webScript?.key !== key) {
    const source = webWorkerScript(outputLimits(limits));
    webScript = { key, source, url: `data:text/javascript;charset=utf-8,${encodeURIComponent(source)}` };
  }
  const webScriptURL = webScript.url;
  let worker: Worker;
  let blobURL: string | undefined;
  try {
    // A data: URL gives the worker an opaque origin in browsers: no access to the page's storage or cookies.
    worker = new WebWorker(webScriptURL, { type: "module", name: WORKER_NAME });
  } catch {
    try {
      blobURL = URL.createObjectURL(new Blob([webScript.source], { type: "text/javascript" }));
      worker = new WebWorker(blobURL, { type: "module", name: WORKER_NAME });
    } catch (error) {
      if (blobURL) URL.revokeObjectURL(blobURL);
      return `The javascript tool could not start a worker here (${describe(error)}).`;
    }
  }
  worker.onmessage = (event) => listener.message(event.data);
  worker.onmessageerror = () => listener.failed("a message from the worker could not be read");
  worker.onerror = (event) => {
    event.preventDefault();
    listener.failed(event.message ?? "");
  };
  return {
    kind: "web",
    timesItself: false,
    post: (message) => worker.postMessage(message),
    stop: async () => {
      worker.terminate();
      if (blobURL) URL.revokeObjectURL(blobURL);
    },
  };
}

async function loadNodeWorker(): Promise<NodeWorkerConstructor | undefined> {
  return (await nodeBuiltin<{ Worker?: NodeWorkerConstructor }>("node:worker_threads"))?.Worker;
}

function startNodeWorker(NodeWorker: NodeWorkerConstructor, listener: WorkerListener, limits: RunLimits): WorkerHandle {
  const worker = new NodeWorker(nodeWorkerScript(outputLimits(limits)), {
    eval: true,
    name: WORKER_NAME,
    env: {}, // hygiene, not a barrier: the host's environment variables are not handed over
    stdout: true, // the worker's stdout and stderr are not piped to the host's
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryLimitMb, stackSizeMb: 4 },
  });
  worker.on("message", (data: unknown) => listener.message(data));
  worker.on("messageerror", () => listener.failed("a message from the worker could not be read"));
  worker.on("error", (error: { message?: string; code?: string }) =>
    listener.failed(String(error?.message ?? error), error?.code),
  );
  worker.on("exit", (exitCode: number) => listener.exited(exitCode));
  return {
    kind: "node",
    timesItself: true,
    post: (message) => worker.postMessage(message),
    stop: () =>
      worker.terminate().then(
        () => {},
        () => {},
      ),
  };
}
