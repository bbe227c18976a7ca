// The source text of the javascript tool's workers and child processes. It is plain JavaScript in strings (not
// functions whose source is read back), so no bundler or transpiler can rewrite it, and the host never evaluates it.
//
// Messages, sandbox to host, each one line of JSON text (never an object the host would read with getters):
// {"type":"ready"} once started; {"type":"print","text":…,"cut"?:true} for each console call; then one
// {"type":"result","hasValue":…,"value"?:…} or {"type":"error","error":…}. Host to sandbox: the code.
//
// In Node (child process or worker thread) the code runs in a fresh `vm` context: a realm of its own holding only
// the language's built-ins and what the sandbox script below defines in it. No object of the realm that holds
// `process` is ever put in it, and nothing there reads the context's objects: values leave as JSON text, made
// inside the context. Browsers, Bun and Deno run the code in the worker's or child's own realm.
/** The virtual file name of the model's code in stack traces: frames naming it are the code's own. */
const CODE_FILE = "code.js"; // OWN_FRAME in the worker matches it

/** Characters of printed output kept by default; the rest is cut (the host cuts too, whatever the worker sends). */
export const MAX_PRINTED = 20_000;

/**
 * Characters the value may take as JSON by default; a larger value is an error, not a result.
 *
 * @example
 * createJavaScriptTool({ maxValue: MAX_VALUE / 10 }); // a tenth of the default
 */
export const MAX_VALUE = 1_000_000;

/**
 * The output limits written into a worker's script.
 *
 * @example
 * webWorkerScript({ maxPrinted: 1000, maxValue: 10_000 })
 */
export interface OutputLimits {
  /** Characters of printed output kept. */
  readonly maxPrinted: number;
  /** Characters the value may take as JSON text. */
  readonly maxValue: number;
  /** Milliseconds the code may run, where the sandbox stops the code itself (Node); the host stops it anyway. */
  readonly timeout?: number;
  /**
   * Code mode: the names of the tools the code may call as `tools.name(input)`. Each call leaves as a `call`
   * message and waits for the host's `reply`; the host decides everything (the sandbox counts nothing it trusts).
   */
  readonly tools?: readonly string[];
  /**
   * Code mode: characters an input may take as JSON; a larger one is refused before it leaves (the host checks too).
   */
  readonly maxInput?: number;
}

/**
 * What a sandbox script is written with, out of a run's limits: its output limits and time, and code mode's tools.
 *
 * @example
 * nodeWorkerScript(outputLimits(limits));
 */
export function outputLimits(limits: OutputLimits): OutputLimits {
  const { maxPrinted, maxValue, timeout, tools, maxInput } = limits;
  return { maxPrinted, maxValue, timeout, ...(tools && { tools, maxInput }) };
}

const DEFAULT_LIMITS: OutputLimits = { maxPrinted: MAX_PRINTED, maxValue: MAX_VALUE };

// Shared by every worker: console capture, value and error description, the run itself. `send` and
// `evaluate` come from the glue below. Built-ins it needs are taken before the model's code can replace them.
function core(limits: OutputLimits): string {
  return coreHeader(limits) + DESCRIBING + coreRun(limits);
}

// The limits, and the built-ins the script uses, taken before the model's code runs.
function coreHeader(limits: OutputLimits): string {
  return String.raw`"use strict";
const FILE = ${JSON.stringify(CODE_FILE)};
const MAX_PRINTED = ${Math.floor(limits.maxPrinted)};
const MAX_VALUE = ${Math.floor(limits.maxValue)};
const toText = String;
const stringify = JSON.stringify;
const isArray = Array.isArray;
const isFiniteNumber = Number.isFinite;
const isNotANumber = Number.isNaN;
const keysOf = Object.keys;
const prototypeOf = Object.getPrototypeOf;
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;
const NAME = /^[A-Za-z_$][\w$]*$/;
const FRAME = /^\s*at /;
const OWN_FRAME = /[\s(]code\.js[:,]/; // "at f (code.js:1:2)", "at code.js:1:2", Deno's "(code.js, <anonymous>:1:2)"

// Array helpers that do not go through Array.prototype, which the code may have replaced.
function add(list, item) { list[list.length] = item; }
function has(list, item) { for (let i = 0; i < list.length; i++) if (list[i] === item) return true; return false; }
function joined(list, separator) { let out = ""; for (let i = 0; i < list.length; i++) out += (i ? separator : "") + list[i]; return out; }

`;
}

// Values and errors as text and as data, by hand: nothing here goes through a prototype the code may have replaced.
const DESCRIBING = String.raw`function show(value, depth, seen) {
  if (typeof value === "string") return depth === 0 ? value : stringify(value);
  if (typeof value === "bigint") return toText(value) + "n";
  if (typeof value === "function") return (/^class\b/.test(toText(value)) ? "[class " : "[Function: ") + (value.name || "(anonymous)") + "]";
  if (value === null || typeof value !== "object") return toText(value);
  if (has(seen, value)) return "[Circular]";
  if (value instanceof Error) return depth === 0 ? errorText(value) : "[" + toText(value.name) + ": " + toText(value.message) + "]";
  if (value instanceof Date) return isNotANumber(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (value instanceof RegExp) return toText(value);
  if (depth > 3) return isArray(value) ? "[Array]" : "[Object]";
  add(seen, value);
  const parts = [];
  let head = "";
  if (isArray(value)) {
    for (let i = 0; i < value.length && i < 100; i++) add(parts, show(value[i], depth + 1, seen));
    if (value.length > 100) add(parts, "... " + (value.length - 100) + " more items");
  } else if (value instanceof Map || value instanceof Set) {
    head = (value instanceof Map ? "Map(" : "Set(") + value.size + ") ";
    for (const entry of value) {
      if (parts.length === 100) { add(parts, "..."); break; }
      add(parts, value instanceof Map ? show(entry[0], depth + 1, seen) + " => " + show(entry[1], depth + 1, seen) : show(entry, depth + 1, seen));
    }
  } else {
    const proto = prototypeOf(value);
    const maker = proto && proto !== ObjectPrototype && proto.constructor;
    head = typeof maker === "function" && maker.name ? maker.name + " " : "";
    const keys = keysOf(value);
    for (let i = 0; i < keys.length && i < 100; i++) add(parts, (NAME.test(keys[i]) ? keys[i] : stringify(keys[i])) + ": " + show(value[keys[i]], depth + 1, seen));
    if (keys.length > 100) add(parts, "... " + (keys.length - 100) + " more properties");
  }
  seen.length--;
  return isArray(value) ? "[" + joined(parts, ", ") + "]" : head + (parts.length ? "{ " + joined(parts, ", ") + " }" : "{}");
}

function safely(describe, fallback) {
  try { return describe(); } catch { return fallback; }
}

// The error's stack up to its last frame in the model's code; the worker's own frames are left out.
function errorText(error) {
  return safely(() => {
    const message = toText(error.message);
    const lines = typeof error.stack === "string" ? error.stack.split("\n") : [];
    let last = -1;
    for (let i = 0; i < lines.length; i++) if (FRAME.test(lines[i]) && OWN_FRAME.test(lines[i])) last = i;
    const text = (last >= 0 ? lines.slice(0, last + 1) : lines.filter((line) => !FRAME.test(line))).join("\n").trim();
    return text.indexOf(message) >= 0 && text ? text : toText(error.name) + ": " + message + (text ? "\n" + text : "");
  }, "an exception that cannot be described");
}

function thrownText(thrown) {
  const looksLikeError = safely(() => thrown instanceof Error || (thrown !== null && typeof thrown === "object" && typeof thrown.message === "string" && typeof thrown.stack === "string"), false);
  return looksLikeError ? errorText(thrown) : "Uncaught " + safely(() => show(thrown, 1, []), "exception that cannot be described");
}

// The value as data JSON can carry: plain arrays and objects are copied, functions and symbols become
// their String(), NaN, Infinity and bigints their text, and any other object what console.log would show.
function asData(value, depth, seen) {
  if (typeof value === "function" || typeof value === "symbol") return toText(value);
  if (typeof value === "bigint") return toText(value) + "n";
  if (typeof value === "number") return isFiniteNumber(value) ? value : toText(value);
  if (value === null || typeof value !== "object") return value;
  if (has(seen, value)) return "[Circular]";
  const proto = prototypeOf(value);
  const plain = isArray(value) ? proto === ArrayPrototype : proto === ObjectPrototype || proto === null;
  if (!plain || depth > 20) return safely(() => show(value, 0, []), "(a value that cannot be shown)");
  add(seen, value);
  let copy;
  if (isArray(value)) {
    copy = [];
    for (let i = 0; i < value.length; i++) add(copy, asData(value[i], depth + 1, seen));
  } else {
    copy = { __proto__: null }; // no setter the code put on Object.prototype is called by the copy
    for (const key of keysOf(value)) copy[key] = asData(value[key], depth + 1, seen);
  }
  seen.length--;
  return copy;
}

// JSON text of what asData gives (plain arrays and objects, strings, finite numbers, booleans, null), written
// by hand: JSON.stringify would call a toJSON the code put on Object.prototype or Array.prototype.
function jsonText(value, depth) {
  if (typeof value === "string") return stringify(value); // a primitive: no toJSON is looked up
  if (typeof value === "number" || typeof value === "boolean") return "" + value;
  if (value === null || typeof value !== "object" || depth > 64) return "null";
  let out = "";
  if (isArray(value)) {
    for (let i = 0; i < value.length; i++) out += (i ? "," : "") + jsonText(value[i], depth + 1);
    return "[" + out + "]";
  }
  const keys = keysOf(value);
  for (let i = 0; i < keys.length; i++) out += (i ? "," : "") + stringify(keys[i]) + ":" + jsonText(value[keys[i]], depth + 1);
  return "{" + out + "}";
}

let printed = 0; // characters sent, a newline counted after each line
let cut = false;
`;

// Printing, the outcome sent back, the run itself, and code mode's tools.
function coreRun(limits: OutputLimits): string {
  return String.raw`function print(args) {
  if (cut) return;
  let line = "";
  for (let i = 0; i < args.length; i++) line += (i ? " " : "") + safely(() => show(args[i], 0, []), "(a value that cannot be shown)");
  const room = MAX_PRINTED - printed;
  if (line.length + 1 <= room) {
    printed += line.length + 1;
    send({ type: "print", text: line });
  } else {
    cut = true;
    send({ type: "print", text: line.slice(0, room > 1 ? room - 1 : 0), cut: true });
  }
}
// A console of its own: the runtime's (Node's holds its stdout stream, a socket) is not left where the code can reach
// it.
const ownConsole = {};
for (const method of ["log", "info", "debug", "warn", "error", "trace", "dir", "table"]) ownConsole[method] = (...args) => print(args);
Object.defineProperty(globalThis, "console", { value: ownConsole, writable: true, configurable: true, enumerable: false });

let delivered = false;
function deliver(outcome) {
  if (delivered) return;
  delivered = true;
  try {
    if (outcome.type === "result" && outcome.hasValue) {
      const value = asData(outcome.value, 0, []);
      const size = jsonText(value, 0).length;
      if (size > MAX_VALUE) return send({ type: "error", error: "The value is " + size + " characters long as JSON, more than the limit of " + MAX_VALUE + "; return less, or a summary." });
      send({ type: "result", hasValue: true, value });
    } else send(outcome);
  } catch (thrown) {
    try { send({ type: "error", error: "The value could not be sent back: " + thrownText(thrown) }); } catch {}
  }
}

function fail(prefix, thrown) {
  deliver({ type: "error", error: prefix + thrownText(thrown) });
}

${limits.tools ? toolsGlobal(limits.tools, limits.maxInput ?? MAX_VALUE) : "function reply() {}"}

// The code's completion value: a thenable is awaited here, inside the code's realm.
async function settle(value) {
  try {
    if (value !== null && (typeof value === "object" || typeof value === "function") && typeof value.then === "function") value = await value;
  } catch (thrown) {
    return fail("", thrown);
  }
  deliver(value === undefined ? { type: "result", hasValue: false } : { type: "result", hasValue: true, value });
}

// Where the glue defines evaluate (browsers, Bun, Deno: the code runs in the worker's own realm).
function run(code) {
  if (typeof code !== "string") return fail("", new TypeError("no code was sent"));
  let value;
  try {
    value = evaluate(code);
  } catch (thrown) {
    return fail("", thrown);
  }
  settle(value);
}
`;
}

// Code mode: `tools`, frozen, one function a tool. A call sends {"type":"call","id","name","input"} (the input as
// JSON text made here, in the code's realm) and returns a promise the host's reply settles: the value, parsed
// here, or an Error with the host's message. `reply` takes the reply as JSON text (a string, never an object).
function toolsGlobal(names: readonly string[], maxInput: number): string {
  return String.raw`
const TOOL_NAMES = ${JSON.stringify(names)};
const MAX_INPUT = ${Math.floor(maxInput)};
const parseJSON = JSON.parse;
const OwnPromise = Promise;
const OwnError = Error;
const calls = { __proto__: null };
let lastCall = 0;
function callTool(name, input) {
  const id = ++lastCall;
  let text;
  try {
    text = jsonText(asData(input === undefined ? {} : input, 0, []), 0);
  } catch (thrown) {
    return OwnPromise.reject(new OwnError("The input of tools." + name + " could not be read: " + thrownText(thrown)));
  }
  if (text.length > MAX_INPUT) return OwnPromise.reject(new OwnError("The input of tools." + name + " is " + text.length + " characters long as JSON, more than the limit of " + MAX_INPUT + "; send less."));
  return new OwnPromise((resolve, reject) => {
    calls[id] = { resolve, reject };
    send({ type: "call", id, name, input: text });
  });
}
function reply(text) {
  const answer = parseJSON(text);
  const waiting = calls[answer.id];
  if (!waiting) return;
  delete calls[answer.id];
  if (answer.ok) waiting.resolve(answer.value);
  else waiting.reject(new OwnError(answer.error));
}
const toolFunctions = {};
for (let i = 0; i < TOOL_NAMES.length; i++) {
  const name = TOOL_NAMES[i];
  toolFunctions[name] = (input) => callTool(name, input);
}
Object.freeze(toolFunctions);
Object.defineProperty(globalThis, "tools", { value: toolFunctions, writable: false, configurable: false, enumerable: false });
`;
}

// Removes names from the global object and every prototype it inherits from, before the code runs; fails
// closed: a name that stays reachable stops the run. It also turns off code from strings (eval, the Function
// constructors, string timers), which in a module worker could otherwise write `import()`.
function lockDown(names: readonly string[]): string {
  return String.raw`
const REMOVED = ${JSON.stringify(names)};
function removeEverywhere(name) {
  for (let o = globalThis; o !== null; o = prototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (!d) continue;
    if (!Reflect.deleteProperty(o, name) && d.writable) o[name] = undefined;
  }
  if (globalThis[name] !== undefined) throw new Error("the javascript tool could not remove " + name + " from the worker's globals");
}
for (let i = 0; i < REMOVED.length; i++) removeEverywhere(REMOVED[i]);
const refuse = function () { throw new EvalError("Code from strings (eval, new Function, a string timer) is turned off in the javascript tool: it could load code over the network."); };
for (const f of [function () {}, async function () {}, function* () {}, async function* () {}]) {
  Object.defineProperty(prototypeOf(f), "constructor", { value: refuse, writable: false, configurable: false });
}
Object.defineProperty(refuse, "prototype", { value: prototypeOf(refuse) }); // f instanceof Function still holds
globalThis.eval = refuse;
globalThis.Function = refuse;
for (const name of ["setTimeout", "setInterval"]) {
  const timer = globalThis[name];
  globalThis[name] = function (handler, ...rest) {
    if (typeof handler !== "function") return refuse();
    return timer(handler, ...rest);
  };
}
`;
}

/**
 * What the code may not reach in a Web Worker (browsers, Bun): the network, other workers, the host's channel,
 * and (a worker started from a `blob:` URL shares the page's origin) the page's databases, broadcast channels and
 * origin-private files (`navigator.storage`).
 * Bun's own global (Bun.file, Bun.connect, Bun.spawn) cannot be removed: Bun defines it and all its
 * properties as non-configurable, so in Bun this is no barrier (the README says so).
 */
const WEB_REMOVED = [
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "WebSocketStream",
  "EventSource",
  "WebTransport",
  "importScripts",
  "Worker",
  "SharedWorker",
  "caches",
  "postMessage",
  "process",
  "require",
  "indexedDB",
  "BroadcastChannel",
  "navigator",
];

// Runs inside Node's fresh vm context, after core: timers of the context's own (the host's would hand the code a
// function of the host's realm, and through its constructor the host's Function), and `control`, the one function
// the host calls ("step" through a script, so that a time limit can interrupt the timers' callbacks). The host
// hands it a kind ("value", "threw", "rejected", "step", "flush") and a value of the context's realm, and reads back
// only a string: the milliseconds to the next timer (-1 for none, -2 once the outcome is delivered), then the
// messages, one a line. `FinalizationRegistry` goes (its callbacks run in the host's event loop, where an
// exception would be the host's to describe), and so do WebAssembly's streaming functions (Node's code reads the
// code's objects for them and rejects with the host's errors). Due timers run earliest first.
const SANDBOX_CONTROL = String.raw`
const outbox = [];
const send = (message) => add(outbox, jsonText(message, 0));
const apply = Reflect.apply;
const now = Date.now;
const promiseThen = Promise.prototype.then;
const resolved = Promise.resolve();
delete globalThis.FinalizationRegistry;
delete WebAssembly.compileStreaming;
delete WebAssembly.instantiateStreaming;

const timers = { __proto__: null };
let lastTimer = 0;
function schedule(callback, delay, args, repeat) {
  if (typeof callback !== "function") throw new TypeError("A timer needs a function: code from strings is turned off in the javascript tool.");
  const ms = typeof delay === "number" && delay > 0 ? delay : 0;
  timers[++lastTimer] = { callback, args, due: now() + ms, every: repeat ? (ms >= 1 ? ms : 1) : -1 };
  return lastTimer;
}
function cancel(id) {
  if (typeof id === "number") delete timers[id];
}
function microtask(callback) {
  if (typeof callback !== "function") throw new TypeError("queueMicrotask needs a function.");
  apply(promiseThen, resolved, [() => { try { callback(); } catch (thrown) { fail("Uncaught in a callback: ", thrown); } }]);
}
const timerGlobals = {
  setTimeout: (callback, delay, ...args) => schedule(callback, delay, args, false),
  setInterval: (callback, delay, ...args) => schedule(callback, delay, args, true),
  setImmediate: (callback, ...args) => schedule(callback, 0, args, false),
  clearTimeout: cancel,
  clearInterval: cancel,
  clearImmediate: cancel,
  queueMicrotask: microtask,
};
for (const name of keysOf(timerGlobals)) Object.defineProperty(globalThis, name, { value: timerGlobals[name], writable: true, configurable: true, enumerable: false });

function runDueTimers() {
  const start = now();
  const due = [];
  for (const id in timers) if (timers[id].due <= start) add(due, id);
  for (let i = 1; i < due.length; i++) {
    for (let j = i; j > 0 && timers[due[j - 1]].due > timers[due[j]].due; j--) { const id = due[j]; due[j] = due[j - 1]; due[j - 1] = id; }
  }
  for (let i = 0; i < due.length && !delivered; i++) {
    const timer = timers[due[i]];
    if (!timer) continue;
    if (timer.every < 0) delete timers[due[i]];
    else timer.due = now() + timer.every;
    try { apply(timer.callback, undefined, timer.args); } catch (thrown) { fail("Uncaught in a callback: ", thrown); }
  }
}
function nextWait() {
  const at = now();
  let soonest = -1;
  for (const id in timers) {
    const wait = timers[id].due - at;
    if (soonest < 0 || wait < soonest) soonest = wait > 0 ? wait : 0;
  }
  return soonest;
}

return function control(kind, payload) {
  try {
    if (kind === "value") settle(payload);
    else if (kind === "threw") fail("", payload);
    else if (kind === "rejected") fail("Unhandled promise rejection: ", payload);
    else if (kind === "step") runDueTimers();
    else if (kind === "reply" && typeof payload === "string") reply(payload);
  } catch (thrown) {
    fail("", thrown);
  }
  let text = delivered ? "-2" : "" + nextWait();
  for (let i = 0; i < outbox.length; i++) text += "\n" + outbox[i];
  outbox.length = 0;
  return text;
};
`;

/**
 * The part of Node's scripts (worker and child process) outside the vm context: it makes the context, compiles the
 * code (so `eval` stays off in the context, and the word `import` is refused: Node's `import()` in a context
 * would reject with an error of the host's realm), runs it, and passes the context's lines on with `emitLine`
 * (defined before this, with `finish`). It never reads a property of a value from the context: values, exceptions
 * and rejections go back in to be described there; only errors of its own realm (a syntax error, a fault here)
 * are read here. The time limit's error is not read either (Node makes it in either realm): the clock says it.
 * Like Node's REPL, code that starts with "{" is first read as an object literal.
 */
function nodeSandboxHost(limits: OutputLimits): string {
  const sandbox = `const tooltypeControl = (function () {\n${core(limits)}${SANDBOX_CONTROL}})();\ntooltypeControl`;
  return (
    String.raw`
const vm = require("node:vm");
const context = vm.createContext(Object.create(null), { name: "javascript tool", codeGeneration: { strings: false, wasm: true } });
const control = new vm.Script(${JSON.stringify(sandbox)}, { filename: "sandbox.js" }).runInContext(context);
const step = new vm.Script('tooltypeControl("step")', { filename: "sandbox.js" });
const FILE = ${JSON.stringify(CODE_FILE)};
const IMPORT = /\bimport\b/;
const TIME_LIMIT = ${Math.floor(limits.timeout ?? 2 ** 31 - 1)};
` + SANDBOX_HOST_RUN
  );
}

// Running the compiled code in the context with its time limit, and passing its lines, outcome and failures on.
const SANDBOX_HOST_RUN = String.raw`let deadline = Infinity;
let over = false;
let pumping;
function end(error) {
  if (over) return;
  over = true;
  clearTimeout(pumping);
  emitLine(JSON.stringify(error === undefined ? { type: "timeout" } : { type: "error", error }));
  finish();
}
const outOfTime = () => Date.now() >= deadline - 1;
function stopInTime() {
  if (over) return;
  let text;
  try {
    text = control("flush");
  } catch {}
  if (typeof text === "string") emitLines(text);
  end(undefined);
}
function emitLines(text) {
  const lines = text.split("\n");
  for (let i = 1; i < lines.length; i++) emitLine(lines[i]);
  return Number(lines[0]);
}
function pass(kind, payload) {
  if (over) return;
  let text;
  const left = deadline - Date.now();
  if (left <= 0) return stopInTime();
  try {
    text = kind === "step" ? step.runInContext(context, { timeout: Math.ceil(left), displayErrors: false }) : control(kind, payload);
  } catch {
    if (outOfTime()) return stopInTime();
  }
  if (typeof text !== "string") return end("The javascript tool's sandbox stopped answering.");
  const wait = emitLines(text);
  clearTimeout(pumping);
  if (wait === -2) {
    over = true;
    return finish();
  }
  // After a reply, the code goes on in microtasks: its next messages (code mode's next call) are read at once.
  pumping = setTimeout(() => pass("step"), kind === "reply" ? 0 : wait >= 0 && wait < 10 ? wait : 10);
}
function compile(code) {
  if (/^\s*\{/.test(code)) try { return new vm.Script("(" + code + "\n)", { filename: FILE }); } catch {}
  return new vm.Script(code, { filename: FILE });
}
function syntaxText(error) {
  const stack = String(error && error.stack);
  const frame = stack.search(/\n\s+at /);
  return (frame >= 0 ? stack.slice(0, frame) : stack).trim();
}
function start(code) {
  if (typeof code !== "string") return end("TypeError: no code was sent");
  if (IMPORT.test(code)) return end("The word import is refused by the javascript tool (import() would reach the host's module loader); inline the code instead.");
  let script;
  try {
    script = compile(code);
  } catch (error) {
    return end(syntaxText(error));
  }
  let value;
  deadline = Date.now() + TIME_LIMIT;
  try {
    value = script.runInContext(context, { displayErrors: false, timeout: TIME_LIMIT });
  } catch (thrown) {
    if (outOfTime()) return stopInTime();
    return thrown instanceof Object ? end("The javascript tool failed: " + String(thrown.message)) : pass("threw", thrown);
  }
  pass("value", value);
}
process.on("unhandledRejection", (reason, promise) => {
  if (promise instanceof Promise || reason instanceof Object) end("The javascript tool failed: a promise of its own was rejected.");
  else pass("rejected", reason);
});
process.on("uncaughtException", () => end("The javascript tool failed: an exception escaped its sandbox."));
`;

/**
 * The worker for `node:worker_threads` in Node and Deno (`new Worker(source, { eval: true })`): the code runs in a
 * fresh vm context inside it (see nodeSandboxHost); each message to the host is a line of JSON text.
 *
 * @example
 * new Worker(nodeWorkerScript(), { eval: true });
 */
export function nodeWorkerScript(limits: OutputLimits = DEFAULT_LIMITS): string {
  return (
    String.raw`"use strict";
const { parentPort } = require("node:worker_threads");
const emitLine = (line) => { if (line) parentPort.postMessage(line); };
const finish = () => {};
` +
    nodeSandboxHost(limits) +
    String.raw`
let started = false;
parentPort.on("message", (message) => {
  if (started) return typeof (message && message.reply) === "string" && pass("reply", message.reply);
  started = true;
  start(message && message.code);
});
emitLine('{"type":"ready"}');
`
  );
}

/**
 * The Web Worker (browsers and Bun; a module worker from a `data:` or `blob:` URL). The code runs
 * through indirect eval, with a `sourceURL` so its frames are named; a Content-Security-Policy without
 * `'unsafe-eval'` blocks that, and says so in the error.
 *
 * @example
 * new Worker("data:text/javascript," + encodeURIComponent(webWorkerScript()), { type: "module" });
 */
export function webWorkerScript(limits: OutputLimits = DEFAULT_LIMITS): string {
  return (
    core(limits) +
    String.raw`
const post = globalThis.postMessage.bind(globalThis);
const send = (message) => post(jsonText(message, 0));
const indirectEval = globalThis.eval;
const parse = globalThis.Function;
const IMPORT = /\bimport\b/;
// Like Node's REPL, code that starts with "{" is first read as an object literal (parsed, not run, to decide).
function evaluate(code) {
  // import() loads code over the network and no global can take it away: the word is refused, wherever it is.
  if (IMPORT.test(code)) throw new SyntaxError("The word import is refused by the javascript tool here (dynamic import() could reach the network); inline the code instead.");
  let source = code;
  if (/^\s*\{/.test(code)) try { parse("return (" + code + "\n)"); source = "(" + code + "\n)"; } catch {}
  return indirectEval(source + "\n//# sourceURL=" + FILE);
}
globalThis.addEventListener("error", (event) => { event.preventDefault(); fail("Uncaught in a callback: ", event.error !== undefined ? event.error : event.message); });
globalThis.addEventListener("unhandledrejection", (event) => { event.preventDefault(); fail("Unhandled promise rejection: ", event.reason); });
let started = false;
globalThis.addEventListener("message", (event) => {
  if (started) return typeof (event.data && event.data.reply) === "string" && reply(event.data.reply);
  started = true;
  run(event.data && event.data.code);
});
` +
    lockDown(WEB_REMOVED) +
    String.raw`
send({ type: "ready" });
`
  );
}

/**
 * The script of Node's child process (`node --permission`, `--experimental-permission` before Node 22.13, with
 * `--allow-worker` for its watchdog only): the code runs in a fresh vm context (see nodeSandboxHost), and the
 * permission model refuses files and child processes to the whole process besides. The code comes on stdin;
 * messages go out as JSON lines on stdout. The host's pid comes as the first argument: a watchdog thread kills
 * the process once its parent is gone, even while the code holds the main thread in a loop.
 *
 * @example
 * spawn(process.execPath, [
 *   "--experimental-permission",
 *   "--allow-worker",
 *   "-e",
 *   nodeProcessScript(),
 *   String(process.pid),
 * ]);
 * // Its messages are written synchronously to fd 1 (retried while the pipe is full), so they are out before it exits.
 */
export function nodeProcessScript(limits: OutputLimits = DEFAULT_LIMITS): string {
  return (
    String.raw`(function () {
"use strict";
const writeSync = require("node:fs").writeSync;
const encoder = new TextEncoder();
function emitLine(line) {
  if (!line) return;
  const bytes = encoder.encode(line + "\n");
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(1, bytes, at, bytes.length - at);
    } catch (error) {
      if (!error || error.code !== "EAGAIN") throw error;
    }
  }
}
const finish = () => process.exit(0);
` +
    nodeSandboxHost(limits) +
    String.raw`
const watchdog = 'const parent = require("node:worker_threads").workerData; setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, "SIGKILL"); }, 100);';
new (require("node:worker_threads").Worker)(watchdog, { eval: true, workerData: Number(process.argv[1]), env: {}, stdout: true, stderr: true }).unref();
// stdin: JSON lines from the host, {"code"} first, then code mode's {"reply"}s.
let pending = "";
let started = false;
process.stdin.setEncoding("utf8");
process.stdin.on("data", (piece) => {
  const lines = (pending + piece).split("\n");
  pending = lines.pop();
  for (const line of lines) {
    const message = JSON.parse(line);
    if (started) typeof message.reply === "string" && pass("reply", message.reply);
    else {
      started = true;
      start(message.code);
    }
  }
});
emitLine('{"type":"ready"}');
})();
`
  );
}

/**
 * The script of Deno's child process (`deno run` with no permission flag: no files, network, environment,
 * subprocesses or FFI, refused by Deno itself). The code comes on stdin; messages go out as JSON lines on stdout.
 *
 * @example
 * spawn(Deno.execPath(), ["run", "--no-prompt", "data:text/javascript;base64," + btoa(denoProcessScript())]);
 */
export function denoProcessScript(limits: OutputLimits = DEFAULT_LIMITS): string {
  return (
    core(limits) +
    String.raw`
const encode = TextEncoder.prototype.encode.bind(new TextEncoder());
const writeOut = Deno.stdout.writeSync.bind(Deno.stdout);
const apply = Reflect.apply;
const subarray = Uint8Array.prototype.subarray;
const send = (message) => {
  const bytes = encode(jsonText(message, 0) + "\n");
  for (let at = 0; at < bytes.length;) at += writeOut(apply(subarray, bytes, [at]));
};
const indirectEval = globalThis.eval;
const parse = globalThis.Function;
const parseLine = JSON.parse;
function evaluate(code) {
  let source = code;
  if (/^\s*\{/.test(code)) try { parse("return (" + code + "\n)"); source = "(" + code + "\n)"; } catch {}
  return indirectEval(source + "\n//# sourceURL=" + FILE);
}
globalThis.addEventListener("error", (event) => { event.preventDefault(); fail("Uncaught in a callback: ", event.error !== undefined ? event.error : event.message); });
globalThis.addEventListener("unhandledrejection", (event) => { event.preventDefault(); fail("Unhandled promise rejection: ", event.reason); });
send({ type: "ready" });
setInterval(() => {}, 1 << 30); // a promise that never settles meets the timeout, not an empty event loop
// stdin: JSON lines from the host, {"code"} first, then code mode's {"reply"}s.
(async () => {
  let pending = "";
  let started = false;
  const decoder = new TextDecoder();
  for await (const piece of Deno.stdin.readable) {
    const lines = (pending + decoder.decode(piece, { stream: true })).split("\n");
    pending = lines.pop();
    for (const line of lines) {
      const message = parseLine(line);
      if (started) typeof message.reply === "string" && reply(message.reply);
      else {
        started = true;
        run(message.code);
      }
    }
  }
})();
`
  );
}
