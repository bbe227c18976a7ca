import type { RunLimits, WorkerHandle, WorkerListener } from "./run-in-worker.js";
import { denoProcessScript, nodeProcessScript, outputLimits } from "./worker-script.js";
import { nodeBuiltin } from "../util/node-builtin.js";

// The parts of node:child_process used here (the package has no @types/node).
interface Stream {
  on(event: string, listener: (value: never) => void): void;
}
interface ChildProcess {
  readonly pid?: number;
  readonly stdin: Stream & { write(text: string): void };
  readonly stdout: Stream;
  readonly stderr: Stream;
  on(event: "close", listener: (code: number | null, signal: string | null) => void): void;
  on(event: "error", listener: (error: { message?: string; code?: string }) => void): void;
  kill(signal?: string): boolean;
}
type Spawn = (command: string, args: readonly string[], options: object) => ChildProcess;

interface Runtime {
  readonly Deno?: { execPath?: () => string };
  readonly process?: {
    pid?: number;
    execPath?: string;
    versions?: { node?: string; bun?: string };
    allowedNodeEnvironmentFlags?: { has(flag: string): boolean };
  };
}

/** Bytes of stderr kept, to tell an out-of-memory death from another. */
const STDERR_KEPT = 16_384;

/** How often a child's resident memory is read (Linux), in milliseconds. */
const MEMORY_CHECK_MS = 20;

/**
 * Whether this runtime can run code in a child process under a permission barrier: Node (its permission
 * model) or Deno (no permission flags). Bun has no permission model, browsers no processes.
 *
 * @example
 * processIsolationAvailable(); // true in Node and Deno
 */
export function processIsolationAvailable(): boolean {
  const g = globalThis as Runtime;
  if (typeof g.Deno === "object") return typeof g.Deno?.execPath === "function";
  return (
    typeof g.process?.versions?.node === "string" && !g.process.versions.bun && typeof g.process.execPath === "string"
  );
}

/**
 * The command line of the child: `node --permission` (or `--experimental-permission`; `--allow-worker` for the
 * child's watchdog thread, the host's pid its argument) or `deno run` without permissions.
 */
function commandLine(limits: RunLimits): { command: string; args: string[]; env: Record<string, string> } {
  const g = globalThis as Runtime;
  const heap = `--max-old-space-size=${Math.floor(limits.memoryLimitMb)}`;
  const output = outputLimits(limits);
  if (typeof g.Deno === "object") {
    const script = `data:text/javascript;charset=utf-8,${encodeURIComponent(denoProcessScript(output))}`;
    return {
      command: g.Deno.execPath!(),
      args: ["run", "--no-prompt", "--no-config", "--no-npm", "--no-remote", `--v8-flags=${heap}`, script],
      env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" },
    };
  }
  // Node 22.13 and 23.5 made the permission model stable as --permission; Node 20 knows only the experimental flag.
  const permission = g.process?.allowedNodeEnvironmentFlags?.has("--permission")
    ? "--permission"
    : "--experimental-permission";
  const args = [
    permission,
    "--allow-worker",
    heap,
    "--no-warnings",
    "-e",
    nodeProcessScript(output),
    String(g.process!.pid),
  ];
  return { command: g.process!.execPath!, args, env: {} };
}

async function loadSpawn(): Promise<Spawn | undefined> {
  return (await nodeBuiltin<{ spawn?: Spawn }>("node:child_process"))?.spawn;
}

/** A child process as this module uses it, from node:child_process or from Deno.Command. */
interface Child {
  readonly pid: number | undefined;
  write(text: string): void;
  kill(): void;
  /** Settles once the child has exited. */
  readonly gone: Promise<void>;
}
interface ChildEvents {
  stdout(bytes: Uint8Array): void;
  stderr(bytes: Uint8Array): void;
  /** Once the child has exited and its output has been read. */
  closed(code: number | null, signal: string | null): void;
  error(description: string): void;
}

function spawnNode(spawn: Spawn, command: string, args: string[], env: Record<string, string>, on: ChildEvents): Child {
  const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
  child.stdout.on("data", (chunk: Uint8Array) => on.stdout(chunk));
  child.stderr.on("data", (chunk: Uint8Array) => on.stderr(chunk));
  child.stdin.on("error", () => {}); // the child may be gone before it has read the code
  const gone = new Promise<void>((resolve) => {
    child.on("error", (error) => {
      on.error(`${error?.code ?? ""} ${error?.message ?? ""}`.trim());
      if (child.pid === undefined) resolve(); // it never started: no close may follow
    });
    child.on("close", (code, signal) => {
      on.closed(code, signal);
      resolve();
    });
  });
  return { pid: child.pid, gone, write: (text) => child.stdin.write(text), kill: () => void child.kill("SIGKILL") };
}

// Deno's node:child_process would turn `deno run` into `deno run -A` (it translates Node's command lines):
// Deno.Command starts exactly the command line given.
interface DenoChild {
  readonly stdin: WritableStream<Uint8Array>;
  readonly stdout: ReadableStream<Uint8Array>;
  readonly stderr: ReadableStream<Uint8Array>;
  readonly status: Promise<{ code: number; signal: string | null }>;
  readonly pid: number;
  kill(signal?: string): void;
}
type DenoCommand = new (command: string, options: object) => { spawn(): DenoChild };

function spawnDeno(
  Command: DenoCommand,
  command: string,
  args: string[],
  env: Record<string, string>,
  on: ChildEvents,
): Child {
  const child = new Command(command, {
    args,
    env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  const drain = async (stream: ReadableStream<Uint8Array>, into: (bytes: Uint8Array) => void) => {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        into(value);
      }
    } catch {
      // the stream broke when the child was killed: what was read is kept
    }
  };
  void Promise.all([drain(child.stdout, on.stdout), drain(child.stderr, on.stderr), child.status]).then(
    ([, , status]) => on.closed(status.signal ? null : status.code, status.signal),
    (error: unknown) => on.error(String(error)),
  );
  return {
    pid: child.pid,
    gone: child.status.then(
      () => {},
      () => {},
    ),
    write: (text) => void writer.write(encoder.encode(text)).catch(() => {}),
    kill: () => {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Starts the child process that runs one piece of code, or says why it cannot. Its stdout is read as JSON
 * lines, at most `outputBytes(limits)` bytes (past that the child is killed and the run fails); a death by
 * the heap limit, or (Linux) resident memory grown by more than `memoryLimitMb` once it is ready, is reported
 * as running out of memory. `stop()` settles once the child has exited.
 *
 * @example
 * const handle = await startProcess(listener, {
 *   timeout: 5000,
 *   memoryLimitMb: 256,
 *   maxPrinted: 20_000,
 *   maxValue: 1e6,
 *   isolation: "process",
 * });
 */
export async function startProcess(listener: WorkerListener, limits: RunLimits): Promise<WorkerHandle | string> {
  const Command = (globalThis as { Deno?: { Command?: DenoCommand } }).Deno?.Command;
  const spawn = Command ? undefined : await loadSpawn();
  if (!Command && !spawn) return "The javascript tool could not load node:child_process to start its child process.";
  const { command, args, env } = commandLine(limits);
  const budget = outputBytes(limits);
  const decoder = new TextDecoder();
  let received = 0;
  let pending = "";
  let stderr = "";
  let over = false;
  let child: Child | undefined;
  let watching = false;
  const outOfMemory = () => {
    if (over) return;
    over = true;
    child?.kill();
    listener.failed("", "ERR_WORKER_OUT_OF_MEMORY");
  };
  const events: ChildEvents = {
    stdout(bytes) {
      if (over) return;
      received += bytes.length;
      if (received > budget) {
        over = true;
        child?.kill();
        listener.failed(
          `The code wrote more than ${budget} bytes of output; its process was stopped.`,
          "ERR_OUTPUT_LIMIT",
        );
        return;
      }
      const lines = (pending + decoder.decode(bytes, { stream: true })).split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        if (line === READY && child && !watching) {
          watching = true;
          void watchMemory(child, limits.memoryLimitMb, outOfMemory);
        }
        listener.message(line);
      }
    },
    stderr(bytes) {
      if (stderr.length < STDERR_KEPT) stderr += new TextDecoder().decode(bytes).slice(0, STDERR_KEPT - stderr.length);
    },
    closed(code, signal) {
      if (over) return;
      if (/heap out of memory|Reached heap limit|Fatal JavaScript out of memory/i.test(stderr))
        listener.failed("", "ERR_WORKER_OUT_OF_MEMORY");
      else if (code === null) listener.failed(`its process ended by ${signal ?? "a signal"}`);
      else listener.exited(code);
    },
    error: (description) => listener.failed(description + hint()),
  };
  try {
    child = Command ? spawnDeno(Command, command, args, env, events) : spawnNode(spawn!, command, args, env, events);
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    return `The javascript tool could not start its child process (${[code, message ?? String(error)].filter(Boolean).join(" ")}).${hint()}`;
  }
  const started = child;
  return {
    kind: "process",
    timesItself: !Command,
    post: (message) => started.write(`${JSON.stringify(message)}\n`), // one JSON line a message
    stop: () => {
      started.kill();
      return started.gone;
    },
  };
}

const READY = '{"type":"ready"}';

type ReadFile = (path: string, encoding: "utf8") => Promise<string>;

/**
 * Where /proc can be read (Linux), watches the child's resident memory from when it is ready: once it has grown
 * by more than `limitMb`, `exceeded` is called. This counts what the heap limit does not: ArrayBuffers, typed
 * arrays, WebAssembly memories.
 *
 * @example
 * void watchMemory(child, 256, () => child.kill());
 */
async function watchMemory(child: Child, limitMb: number, exceeded: () => void): Promise<void> {
  const readFile = (await nodeBuiltin<{ promises?: { readFile?: ReadFile } }>("node:fs"))?.promises?.readFile;
  if (!readFile || child.pid === undefined) return;
  const path = `/proc/${child.pid}/status`;
  const residentKb = () =>
    readFile(path, "utf8").then(
      (status) => Number(/VmRSS:\s*(\d+)\s*kB/.exec(status)?.[1] ?? Number.NaN),
      () => Number.NaN,
    );
  let alive = true;
  void child.gone.then(() => (alive = false));
  const start = await residentKb();
  while (alive && Number.isFinite(start)) {
    await new Promise((resolve) => setTimeout(resolve, MEMORY_CHECK_MS));
    const now = await residentKb();
    if (!alive || !Number.isFinite(now)) return;
    if (now - start > limitMb * 1024) return exceeded();
  }
}

/**
 * The most bytes of stdout a run may write: its printed output and value, each character escaped at worst, and room for
 * the messages.
 *
 * @example
 * outputBytes({ maxPrinted: 20_000, maxValue: 1_000_000 }); // 8225536
 */
function outputBytes(limits: Pick<RunLimits, "maxPrinted" | "maxValue" | "maxInput" | "maxCalls">): number {
  const calls = limits.maxInput !== undefined ? 8 * (limits.maxInput + 256) * ((limits.maxCalls ?? 0) + 1) : 0;
  return 8 * (limits.maxPrinted + limits.maxValue) + 65_536 + calls;
}

function hint(): string {
  return typeof (globalThis as Runtime).Deno === "object"
    ? ' Deno needs --allow-run for it (the child itself runs without permissions); or pass isolation: "worker".'
    : ' Pass isolation: "worker" where child processes are not allowed.';
}
