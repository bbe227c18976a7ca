// createJavaScriptTool against a hostile model: code written to reach the host's `process` (getters planted on
// the prototypes that host code might read, constructor chains, Error.prepareStackTrace, Symbol.species, thenables
// and getters in the result, message passing), to open TCP or Unix sockets, to signal the host, to outlive its
// time limit or its host, to fill memory outside the heap, and to start a process per call. Each must fail where
// SECURITY.md says it does. Nothing here is timed: connections, signals, found objects and processes are counted.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool } from "tooltype";
import { createCodeModeTool, createJavaScriptTool } from "tooltype/builtins";
import { env, failed, succeeded } from "../support/builtins.js";

const isNode = env === "node" || env === "node-noeval";
const inBrowser = env.startsWith("chromium");
/** Where each runtime runs the code by default: a child process in Node and Deno, a worker in browsers and Bun. */
const runsIn = isNode || env === "deno" ? "process" : "worker";
const onLinux = (globalThis as { process?: { platform?: string } }).process?.platform === "linux";

const js = createJavaScriptTool({ timeout: 4000 });
const value = async (code: string, tool = js) =>
  succeeded(await tool.execute({ code }), JSON.stringify(code).slice(0, 200));
const error = async (code: string, tool = js) =>
  failed(await tool.execute({ code }), JSON.stringify(code).slice(0, 200));
/**
 * The same attacks from a program that has tools (code mode): the code becomes the body of an async function whose
 * last line is returned, and before that line it calls a tool and tries its way to a process from `tools`, its
 * functions and what a call gives back (while the getters planted by the attack are in place).
 */
function codeModeRunner(isolation?: "process" | "worker"): typeof js {
  const echo = tool({
    name: "echo",
    description: "Echoes.",
    parameters: t.object({ text: t.string() }),
    execute: ({ text }) => ({ text, list: [text] }),
  });
  const mode = createCodeModeTool({ tools: [echo], timeout: 4000, ...(isolation && { isolation }) });
  const probe = `if (typeof grab === "function") { grab(tools, "tools"); grab(tools.echo, "tools.echo"); const echoed = await tools.echo({ text: "probe" }); grab(echoed, "a tool's result"); grab(echoed.list, "a tool's result's list"); }`;
  const asProgram = (code: string) => {
    const lines = code.trim().split("\n");
    const last = lines.pop()!;
    return [...lines, probe, `return ${last}`].join("\n");
  };
  return {
    description: `code mode (${isolation ?? runsIn})`,
    // What the program printed comes beside its value, as { result, printed }: the value alone, as the runner gives it.
    execute: async ({ code }: { code: string }) => {
      const out = await mode.execute({ code: asProgram(code) });
      const printed = out.success && out.value !== null && typeof out.value === "object" && "printed" in out.value;
      return printed ? { success: true, value: (out.value as { result: unknown }).result } : out;
    },
  } as unknown as typeof js;
}

const builtin = async <T>(name: string): Promise<T> => (await import(/* @vite-ignore */ name)) as T; // a variable: browser bundles never see it

interface Listener {
  /** What the code would dial: a loopback TCP port and a Unix socket path. */
  port: number;
  socketPath: string;
  connections(): number;
  close(): void;
}

/** A loopback TCP server and a Unix socket server that count every connection (Node, Deno, Bun). */
async function listeners(): Promise<Listener> {
  const net = await builtin<typeof import("node:net")>("node:net");
  const os = await builtin<typeof import("node:os")>("node:os");
  let connections = 0;
  const count = (socket: import("node:net").Socket) => {
    connections++;
    socket.destroy();
  };
  const tcp = net.createServer(count);
  const unix = net.createServer(count);
  const socketPath = `${os.tmpdir()}/tooltype-hostile-${Math.random().toString(36).slice(2)}.sock`;
  await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => unix.listen(socketPath, resolve));
  const { port } = tcp.address() as { port: number };
  const close = () => {
    tcp.close();
    unix.close();
  };
  return { port, socketPath, connections: () => connections, close };
}

/** Counts SIGUSR2 signals this process receives while `run` runs (the code tries to send them to its host). */
async function countingSignals<T>(run: () => Promise<T>): Promise<{ result: T; signals: number }> {
  type Listen = (signal: string, listener: () => void) => void;
  const host = (globalThis as { process?: { on?: Listen; off?: Listen } }).process;
  let signals = 0;
  const count = () => {
    signals++;
  };
  const on = isNode ? host?.on : undefined;
  on?.call(host, "SIGUSR2", count);
  try {
    return { result: await run(), signals };
  } finally {
    if (on) host?.off?.call(host, "SIGUSR2", count);
  }
}

/**
 * The hostile code: a function `grab(candidate, via)` that tries every way from an object to the host's
 * `process` (its own methods, `constructor.constructor("return process")`, `getThis`/`getFunction` of stack
 * frames), and with a process in hand dials the loopback port and the Unix socket and signals the host (this test's
 * process, which counts SIGUSR2 in Node).
 */
function hostilePrelude(target: { port: number; socketPath: string }): string {
  const host = globalThis as { process?: { pid?: number }; Deno?: { pid?: number } };
  const hostPid = host.process?.pid ?? host.Deno?.pid ?? 0;
  return String.raw`
const found = [];
const attempts = { count: 0 };
function attack(p, via) {
  found.push(via);
  try { const net = p.getBuiltinModule ? p.getBuiltinModule("node:net") : p.mainModule.require("net"); net.connect(${target.port}, "127.0.0.1"); net.connect(${JSON.stringify(target.socketPath)}); } catch {}
  try { p.kill(${hostPid}, "SIGUSR2"); } catch {}
}
function grab(candidate, via) {
  attempts.count++;
  if (candidate === null || (typeof candidate !== "object" && typeof candidate !== "function")) return;
  try { if (typeof candidate.kill === "function" && typeof candidate.pid === "number") return attack(candidate, via + " (itself)"); } catch {}
  for (const source of ["return process", "return globalThis.process", "return this.process"]) {
    try { const p = candidate.constructor.constructor(source)(); if (p && typeof p.kill === "function") return attack(p, via + " (" + source + ")"); } catch {}
  }
  try { const p = Object.getPrototypeOf(candidate).constructor.constructor("return process")(); if (p) return attack(p, via + " (prototype's constructor)"); } catch {}
}
`;
}

/** Getters and methods planted on the prototypes host code would read: stream setup, inspection, promises, JSON. */
const PLANTED_NAMES = [
  "process",
  "_handle",
  "fd",
  "readable",
  "writable",
  "highWaterMark",
  "objectMode",
  "encoding",
  "autoDestroy",
  "emitClose",
  "decodeStrings",
  "defaultEncoding",
  "signal",
  "allowHalfOpen",
  "_events",
  "_eventsCount",
  "_maxListeners",
  "domain",
  "stack",
  "message",
  "name",
  "code",
  "cause",
  "errors",
  "type",
  "data",
  "value",
  "hasValue",
  "text",
  "cut",
  "error",
  "length",
  "size",
  "done",
  "next",
  "then",
  "catch",
  "finally",
  "toJSON",
  "inspect",
  "valueOf",
  "toString",
  "prepareStackTrace",
  "stackTraceLimit",
  "env",
  "argv",
  "exitCode",
  "ppid",
  "pid",
  "get",
  "set",
  "has",
  "source",
  "flags",
  "callee",
  "caller",
];

function plantEverywhere(): string {
  return String.raw`
const names = ${JSON.stringify(PLANTED_NAMES)};
const prototypes = [Object.prototype, Array.prototype, Function.prototype, Error.prototype, Promise.prototype, String.prototype, Number.prototype, Symbol.prototype, RegExp.prototype];
let planted = 0;
for (const proto of prototypes) {
  for (const name of names) {
    if (Object.getOwnPropertyDescriptor(proto, name)) continue; // the language's own: replacing it would only break the code
    try {
      Object.defineProperty(proto, name, { __proto__: null, configurable: true, get() { grab(this, "getter " + name); return undefined; }, set(v) { grab(this, "setter " + name); grab(v, "set value " + name); } });
      planted++;
    } catch {}
  }
  for (const symbol of [Symbol.toPrimitive, Symbol.iterator, Symbol.asyncIterator, Symbol.toStringTag, Symbol.for("nodejs.util.inspect.custom"), Symbol.for("nodejs.rejection")]) {
    if (Object.getOwnPropertyDescriptor(proto, symbol)) continue;
    try { Object.defineProperty(proto, symbol, { __proto__: null, configurable: true, get() { grab(this, "getter " + String(symbol)); return function (...args) { for (const a of args) grab(a, "argument of " + String(symbol)); }; } }); planted++; } catch {}
  }
}
`;
}

const hostile = suite("javascript, hostile: no path from the code to the host's process, network or signals");
// Bun's global holds Bun.spawn and Bun.connect, which cannot be removed: no barrier is claimed there (SECURITY.md).
const guarded = inBrowser || env === "bun" ? hostile.skip : hostile;
const nodeOnly = isNode ? hostile : hostile.skip;
// Deno's barrier is its permissions, not the realm: Deno's own process object is in reach there, and refuses.
const realmIsTheBarrier = env !== "deno";
/** In Node both sandboxes run the attacks: the child process (default) and the worker thread; each also from a program with tools. */
const tools = isNode
  ? [
      js,
      createJavaScriptTool({ timeout: 4000, isolation: "worker" }),
      codeModeRunner("process"),
      codeModeRunner("worker"),
    ]
  : [js, codeModeRunner()];

guarded(
  "getters on Object.prototype, Array.prototype, Function.prototype (and the rest) reach nothing while the host reads the outcome",
  async () => {
    for (const tool of tools) await plantedGetters(tool);
  },
);

async function plantedGetters(tool: typeof js): Promise<void> {
  const target = await listeners();
  const code = `${hostilePrelude(target)}${plantEverywhere()}
console.log("printing reads", { a: [1, 2] }, new Error("e"));
try { null.x } catch (e) { String(e.stack) }
new Promise((resolve) => setTimeout(() => resolve({ found, planted, attempts: attempts.count, list: [1, { deep: [new Error("in the value")] }] }), 20))`;
  const { result, signals } = await countingSignals(() => tool.execute({ code }));
  await settleNetwork();
  target.close();
  // In Deno the getters break Deno's own code in the same realm (a failed result); the barrier is its permissions.
  const outcome = (
    realmIsTheBarrier || result.success
      ? succeeded(result, "the planted getters")
      : { found: [], planted: 0, attempts: 0 }
  ) as { found: string[]; planted: number; attempts: number };
  if (realmIsTheBarrier) assert.equal(outcome.found, [], `found a process through: ${outcome.found.join(", ")}`);
  assert.is(target.connections(), 0, "a connection reached the host's listeners");
  assert.is(signals, 0, "the host was signalled");
  console.log(
    `hostile (${env}, ${tool.description.includes("worker") ? "worker" : "process"}): ${result.success ? `${outcome.planted} getters planted, ${outcome.attempts} objects tried, ${outcome.found.length} led to a process object` : "a failed result"}; 0 connections, 0 signals`,
  );
}

guarded(
  "constructor chains, this.constructor, prepareStackTrace's frames, Symbol.species, thenables and getters in the result",
  async () => {
    for (const tool of tools) await chainsAndResults(tool);
  },
);

async function chainsAndResults(tool: typeof js): Promise<void> {
  const target = await listeners();
  const probes = [
    `grab(globalThis, "globalThis"); grab(this, "this"); grab({}.constructor, "({}).constructor"); grab([].constructor, "[].constructor"); grab((() => {}).constructor, "arrow's constructor")`,
    `try { grab(constructor.constructor("return process")(), "constructor.constructor") } catch {}; try { grab(this.constructor.constructor("return process")(), "this.constructor.constructor") } catch {}`,
    `Error.prepareStackTrace = (error, frames) => { for (const f of frames) { grab(f, "frame"); try { grab(f.getThis(), "frame's this"); grab(f.getFunction(), "frame's function"); } catch {} } return "stack"; }; String(new Error("x").stack); try { null.x } catch (e) { String(e.stack) }`,
    `class Sneaky extends Promise { static get [Symbol.species]() { grab(this, "species"); return Promise } }; Sneaky.resolve(1).then(() => {}); class A extends Array { static get [Symbol.species]() { grab(this, "array species"); return Array } }; A.from([1]).map((x) => x)`,
    `typeof structuredClone === "function" && structuredClone({ get x() { grab(this, "clone getter") } }); typeof postMessage === "function" && postMessage({ get y() { grab(this, "message getter") } }); typeof MessageChannel === "function" && new MessageChannel().port1.postMessage({})`,
  ];
  const code = `${hostilePrelude(target)}${probes.join(";\n")};
({ then(resolve, reject) { grab(resolve, "then's resolve"); grab(reject, "then's reject"); resolve({ get found() { grab(this, "result getter"); return found }, get toJSON() { grab(this, "toJSON"); return undefined }, attempts: attempts.count }) } })`;
  const { result, signals } = await countingSignals(() => tool.execute({ code }));
  await settleNetwork();
  target.close();
  // In Deno the process found in its realm dials, and Deno refuses (NotCapable); a program that awaits a call after
  // its probes can meet that refusal as an uncaught error before it returns: a failed result, with 0 connections.
  const refusedByDeno = !realmIsTheBarrier && !result.success && /NotCapable/.test(result.error);
  const outcome = (refusedByDeno ? { found: [], attempts: 10 } : succeeded(result, "the probes")) as {
    found: string[];
    attempts: number;
  };
  if (realmIsTheBarrier) assert.equal(outcome.found, [], `found a process through: ${outcome.found.join(", ")}`);
  assert.ok(outcome.attempts >= 10, `${outcome.attempts} objects tried`);
  assert.is(target.connections(), 0);
  assert.is(signals, 0);
  console.log(
    `hostile (${env}): ${outcome.attempts} objects from constructors, frames, species and thenables tried; ${outcome.found.length} led to a process object; 0 connections, 0 signals`,
  );
}

nodeOnly("no module loader and no code from strings in Node's sandbox: import(), require, process, eval", async () => {
  const attempts = [
    "import('node:net')",
    "eval('import(\"node:net\")')",
    "require('node:net')",
    "process.getBuiltinModule('node:net')",
    "module.constructor._load('net')",
    "globalThis.process.kill(globalThis.process.pid, 0)",
  ];
  for (const tool of tools) {
    const results = await Promise.all(attempts.map((code) => tool.execute({ code })));
    results.forEach((result, i) => {
      assert.not.ok(result.success, `${attempts[i]} succeeded`);
    });
    assert.match(await error("eval('1')", tool), /EvalError/);
    assert.match(await error("[].constructor.constructor('return 1')()", tool), /EvalError/);
    assert.match(
      await error("WebAssembly.compileStreaming(1)", tool),
      /TypeError: WebAssembly.compileStreaming is not a function/,
    );
  }
});

/** Connections opened without waiting for them land within a few event-loop turns; give them those turns. */
async function settleNetwork(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

// ---- processes: none outlives its run or its host; at most `concurrency` alive at once ----------------------

const processes = suite("javascript, hostile: the sandbox's processes are bounded in number, life and memory");
const nodeOnLinux = isNode && onLinux ? processes : processes.skip;
const childOnLinux = (isNode || env === "deno") && onLinux ? processes : processes.skip;

/** Pids of this process's children that are the tool's sandboxes (`node --allow-worker`, `deno run --no-remote`). */
async function sandboxChildren(parent: number): Promise<number[]> {
  const fs = await builtin<typeof import("node:fs")>("node:fs");
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").match(/--allow-worker|--no-remote/))
        pids.push(Number(entry));
    } catch {
      // gone while reading
    }
  }
  return pids;
}

const hostPid = () => (globalThis as unknown as { process: { pid: number } }).process.pid;

/** Polls `check` until it holds or `rounds` rounds of 50 ms pass (a bound against hangs, not a speed limit). */
async function eventually(check: () => Promise<boolean>, rounds = 200): Promise<boolean> {
  for (let i = 0; i < rounds; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

childOnLinux("one model turn of 40 calls starts at most `concurrency` processes at once (default 4)", async () => {
  // A long time limit: a loaded machine may take seconds to start a child, and this test counts, it does not time.
  for (const [tool, limit] of [
    [createJavaScriptTool({ timeout: 60_000 }), 4],
    [createJavaScriptTool({ concurrency: 2, timeout: 60_000 }), 2],
  ] as const) {
    let most = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        most = Math.max(most, (await sandboxChildren(hostPid())).length);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => tool.execute({ code: `new Promise((r) => setTimeout(() => r(${i}), 30))` })),
    );
    polling = false;
    await poll;
    assert.equal(
      results.map((r) => (r.success ? r.value : r.error)),
      Array.from({ length: 40 }, (_, i) => i),
    );
    assert.ok(most <= limit && most >= 1, `${most} sandbox processes alive at once, limit ${limit}`);
    console.log(`hostile (${env}): 40 calls, at most ${most} processes alive at once (limit ${limit})`);
  }
  assert.throws(
    () => createJavaScriptTool({ concurrency: 0 }),
    /concurrency must be a whole number of runs, 1 or more, received 0/,
  );
});

childOnLinux(
  "code that keeps timers going past its time limit: its process is gone after the failed result",
  async () => {
    const quick = createJavaScriptTool({ timeout: 300 });
    const text = await error("setInterval(() => { for (let i = 0; i < 1e6; i++); }, 1); new Promise(() => {})", quick);
    assert.match(text, /did not finish within 300 ms/);
    assert.ok(
      await eventually(async () => (await sandboxChildren(hostPid())).length === 0),
      "a sandbox process outlived its run",
    );
  },
);

childOnLinux(
  "memory outside the heap: ArrayBuffers, typed arrays, SharedArrayBuffers, WebAssembly memory are capped",
  async () => {
    const small = createJavaScriptTool({ memoryLimitMb: 64, timeout: 30_000 });
    const bombs = [
      "const keep = []; for (;;) keep.push(new Uint8Array(16 << 20).fill(1))",
      "const keep = []; for (;;) { const b = new ArrayBuffer(16 << 20); new Uint32Array(b).fill(7); keep.push(b) }",
      "const keep = []; for (;;) keep.push(new Float64Array(new SharedArrayBuffer(16 << 20)).fill(1.5))",
      "const m = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); for (;;) { m.grow(256); new Uint8Array(m.buffer).fill(1) }",
    ];
    for (const bomb of bombs)
      assert.match(
        await error(bomb, small),
        /ran out of memory \(the limit is 64 MB, ArrayBuffers and typed arrays included\); its process was stopped/,
        bomb,
      );
    assert.is(await value("new Uint8Array(8 << 20).fill(1).length", small), 8 << 20); // under the limit: fine
    console.log(`hostile (${env}): ${bombs.length} memory bombs outside the heap, each stopped at 64 MB`);
  },
);

nodeOnLinux("the host killed by SIGKILL mid-run: its sandbox process ends too", async () => {
  const fs = await builtin<typeof import("node:fs")>("node:fs");
  const { spawn } = await builtin<typeof import("node:child_process")>("node:child_process");
  const dist = `${(globalThis as unknown as { process: { cwd(): string } }).process.cwd()}/dist/builtins/index.js`;
  assert.ok(fs.existsSync(dist), `${dist} is missing: run \`node esbuild.config.mjs\` first`);
  const hostScript = `import { createJavaScriptTool } from ${JSON.stringify(dist)}; createJavaScriptTool({ timeout: 600000 }).execute({ code: "while (true) {}" }); setInterval(() => {}, 1000);`;
  const host = spawn(
    (globalThis as unknown as { process: { execPath: string } }).process.execPath,
    ["--input-type=module", "-e", hostScript],
    { stdio: "ignore" },
  );
  let sandbox: number[] = [];
  const started = async () => {
    sandbox = await sandboxChildren(host.pid ?? -1);
    return sandbox.length === 1;
  };
  assert.ok(await eventually(started), "the host never started its sandbox");
  host.kill("SIGKILL");
  const alive = async () =>
    fs.existsSync(`/proc/${sandbox[0]}`) && !/^\S+ \(.*\) Z/.test(fs.readFileSync(`/proc/${sandbox[0]}/stat`, "utf8"));
  const ended = await eventually(async () => !(await alive()));
  if (!ended)
    (globalThis as unknown as { process: { kill(pid: number, signal: string): void } }).process.kill(
      sandbox[0],
      "SIGKILL",
    );
  assert.ok(ended, "the sandbox kept running after its host was killed");
});

// ---- browsers and Bun: the worker sees none of the page's globals --------------------------------------------

const page = suite("javascript, hostile: a Web Worker sees nothing of the page");
const inWorker = runsIn === "worker" && env !== "chromium-csp" ? page : page.skip;

inWorker("no page globals, no channel to the page, no storage shared with it", async () => {
  const g = globalThis as Record<string, unknown>;
  g.__pageSecret = "secret";
  try {
    const names = [
      "__pageSecret",
      "document",
      "window",
      "localStorage",
      "sessionStorage",
      "indexedDB",
      "BroadcastChannel",
      "navigator",
      "opener",
      "parent",
    ];
    for (const tool of [js, codeModeRunner()])
      assert.equal(
        await value(`${JSON.stringify(names)}.filter((n) => typeof globalThis[n] !== "undefined")`, tool),
        [],
      );
  } finally {
    delete g.__pageSecret;
  }
});

inWorker("one turn of 40 calls starts at most `concurrency` workers at once", async () => {
  const g = globalThis as { Worker: typeof Worker };
  const Original = g.Worker;
  let live = 0;
  let most = 0;
  g.Worker = class extends Original {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args);
      most = Math.max(most, ++live);
    }
    override terminate() {
      live--;
      super.terminate();
    }
  };
  try {
    const tool = createJavaScriptTool({ concurrency: 3 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => tool.execute({ code: `${i} * 2` })));
    assert.equal(
      results.map((r) => (r.success ? r.value : r.error)),
      Array.from({ length: 40 }, (_, i) => i * 2),
    );
  } finally {
    g.Worker = Original;
  }
  assert.ok(most >= 1 && most <= 3, `${most} workers alive at once, limit 3`);
  console.log(`hostile (${env}): 40 calls, at most ${most} workers alive at once (limit 3)`);
});

hostile.run();
processes.run();
page.run();
