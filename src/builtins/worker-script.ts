// The source text of the javascript tool's worker. It is plain JavaScript in strings (not functions whose
// source is read back), so no bundler or transpiler can rewrite it, and the host never evaluates it: the
// worker runtime loads it as the worker's script.
//
// Protocol, worker to host: { type: "ready" } once started; { type: "print", text, cut? } for each console
// call; then one { type: "result", hasValue, value? } or { type: "error", error }. Host to worker: { code }.
// A child process (Node under its permission model, Deno without permissions) reads the code from stdin and
// writes the same messages as JSON lines on stdout.

// Both Node scripts (worker and child process) run code with the `compile` defined before this: like Node's REPL,
// code that starts with "{" is first read as an object literal. Errors nobody awaited end the run with their text.
const NODE_EVALUATE = String.raw`function evaluate(code) {
  let script;
  if (/^\s*\{/.test(code)) try { script = compile("(" + code + "\n)"); } catch {}
  return (script || compile(code)).runInThisContext({ displayErrors: false });
}
process.on("uncaughtException", (error) => fail("Uncaught in a callback: ", error));
process.on("unhandledRejection", (reason) => fail("Unhandled promise rejection: ", reason));
`;

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

/** The output limits written into a worker's script. @example webWorkerScript({ maxPrinted: 1000, maxValue: 10_000 }) */
export interface OutputLimits {
  /** Characters of printed output kept. */
  readonly maxPrinted: number;
  /** Characters the value may take as JSON text. */
  readonly maxValue: number;
}

const DEFAULT_LIMITS: OutputLimits = { maxPrinted: MAX_PRINTED, maxValue: MAX_VALUE };

// Shared by every worker: console capture, value and error description, the run itself. `send` and
// `evaluate` come from the glue below. Built-ins it needs are taken before the model's code can replace them.
function core(limits: OutputLimits): string {
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

function show(value, depth, seen) {
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
    copy = {};
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
function print(args) {
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
// A console of its own: the runtime's (Node's holds its stdout stream, a socket) is not left where the code can reach it.
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

async function run(code) {
  if (typeof code !== "string") return fail("", new TypeError("no code was sent"));
  let value;
  try {
    value = evaluate(code);
    if (value !== null && (typeof value === "object" || typeof value === "function") && typeof value.then === "function") value = await value;
  } catch (thrown) {
    return fail("", thrown);
  }
  deliver(value === undefined ? { type: "result", hasValue: false } : { type: "result", hasValue: true, value });
}
`;
}

// Removes names from the global object and every prototype it inherits from, before the code runs; fails
// closed: a name that stays reachable stops the run. `forbidCode` also turns off code from strings (eval,
// the Function constructors, string timers), which in a module worker could otherwise write `import()`.
function lockDown(names: readonly string[], forbidCode: boolean, keepOnly?: readonly string[]): string {
  return String.raw`
const KEPT = ${JSON.stringify(keepOnly ?? null)};
const REMOVED = ${JSON.stringify(names)};
function removeEverywhere(name) {
  for (let o = globalThis; o !== null; o = prototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (!d) continue;
    if (!Reflect.deleteProperty(o, name) && d.writable) o[name] = undefined;
  }
  if (globalThis[name] !== undefined) throw new Error("the javascript tool could not remove " + name + " from the worker's globals");
}
// Run again just before the code: node -e puts module back on the global once its script has run.
function secure() {
  const names = [];
  for (let i = 0; i < REMOVED.length; i++) add(names, REMOVED[i]);
  if (KEPT) { const own = Object.getOwnPropertyNames(globalThis); for (let i = 0; i < own.length; i++) if (!has(KEPT, own[i])) add(names, own[i]); }
  for (let i = 0; i < names.length; i++) removeEverywhere(names[i]);
}
secure();
if (${forbidCode}) {
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
}
`;
}

/**
 * What the code may not reach in a Web Worker (browsers, Bun): the network, other workers, the host's channel.
 * Bun's own global (Bun.file, Bun.connect, Bun.spawn) cannot be removed: Bun defines it and all its
 * properties as non-configurable, so in Bun this is no barrier (the README says so).
 */
const WEB_REMOVED = ["fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource", "WebTransport", "importScripts", "Worker", "SharedWorker",
  "caches", "postMessage", "process", "require"];

/** What the code may not reach in Node's child process: Node's modules (through process and require), the network, console's streams. */
const NODE_REMOVED = ["process", "require", "module", "exports", "__filename", "__dirname", "fetch", "WebSocket", "EventSource", "XMLHttpRequest", "navigator"];

/**
 * The only globals left in Node's child process: the language's own and a few data-only web APIs. Everything
 * else goes, whatever its name: `node -e` puts every built-in module (`net`, `http`, `fs`, ...) on the global.
 */
const NODE_KEPT = [
  "Object", "Function", "Array", "Number", "parseFloat", "parseInt", "Infinity", "NaN", "undefined", "Boolean", "String", "Symbol", "Date", "Promise",
  "RegExp", "Error", "AggregateError", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "globalThis", "JSON", "Math",
  "Intl", "ArrayBuffer", "Atomics", "Uint8Array", "Int8Array", "Uint16Array", "Int16Array", "Uint32Array", "Int32Array", "Float32Array", "Float64Array",
  "Uint8ClampedArray", "BigUint64Array", "BigInt64Array", "DataView", "Map", "BigInt", "Set", "WeakMap", "WeakSet", "Proxy", "Reflect", "WeakRef",
  "FinalizationRegistry", "SharedArrayBuffer", "Iterator", "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape",
  "eval", "isFinite", "isNaN", "WebAssembly", "console", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate",
  "queueMicrotask", "structuredClone", "atob", "btoa", "TextEncoder", "TextDecoder", "URL", "URLSearchParams", "AbortController", "AbortSignal",
  "Event", "EventTarget", "DOMException", "performance",
];

/**
 * The worker for `node:worker_threads` in Node and Deno (`new Worker(source, { eval: true })`). The code runs through
 * `vm.Script` in the worker's own context, which `--disallow-code-generation-from-strings` does not block.
 *
 * @example
 * new Worker(nodeWorkerScript(), { eval: true });
 */
export function nodeWorkerScript(limits: OutputLimits = DEFAULT_LIMITS): string {
  return (
    core(limits) +
    String.raw`
const vm = require("node:vm");
const { parentPort } = require("node:worker_threads");
const post = parentPort.postMessage.bind(parentPort);
const send = (message) => post(message);
const loader = vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
const compile = (source) => new vm.Script(source, loader ? { filename: FILE, importModuleDynamically: loader } : { filename: FILE });
${NODE_EVALUATE}// "on", not "once": the listening port keeps the worker alive while a promise is pending, so a promise that
// never settles meets the timeout instead of ending the worker.
let started = false;
parentPort.on("message", (message) => {
  if (started) return;
  started = true;
  run(message && message.code);
});
send({ type: "ready" });
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
const send = (message) => post(message);
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
globalThis.addEventListener("message", (event) => run(event.data && event.data.code), { once: true });
` +
    lockDown(WEB_REMOVED, true) +
    String.raw`
send({ type: "ready" });
`
  );
}

/**
 * The script of Node's child process (`node --permission`, `--experimental-permission` before Node 22.13):
 * the permission model refuses files, child processes, workers and native addons to the whole process; the
 * script then removes `process`, `require`, the network globals and the console's streams from the code's
 * reach. The code comes on stdin; messages go out as JSON lines on stdout. `import()` fails: the code's
 * `vm.Script` has no loader.
 *
 * @example
 * spawn(process.execPath, ["--experimental-permission", "-e", nodeProcessScript()]);
 */
export function nodeProcessScript(limits: OutputLimits = DEFAULT_LIMITS): string {
  // In a function: a script's top-level functions would be properties of the global object, which lockDown empties.
  return (
    "(function () {\n" +
    core(limits) +
    String.raw`
const vm = require("node:vm");
// Written synchronously to the file descriptor, past Node's streams, whose code reads built-ins the code may replace.
const writeSync = require("node:fs").writeSync;
const encode = TextEncoder.prototype.encode.bind(new TextEncoder());
const send = (message) => {
  const bytes = encode(jsonText(message, 0) + "\n");
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(1, bytes, at, bytes.length - at);
    } catch (error) {
      if (!error || error.code !== "EAGAIN") throw error; // a full pipe: the host is reading, try again
    }
  }
};
const compile = (source) => new vm.Script(source, { filename: FILE });
${NODE_EVALUATE}const input = process.stdin;
const pieces = [];
input.setEncoding("utf8");
input.on("data", (piece) => pieces.push(piece));
input.on("end", () => {
  try {
    secure();
  } catch (error) {
    return fail("", error);
  }
  run(pieces.join(""));
});
setInterval(() => {}, 1 << 30); // a promise that never settles meets the timeout, not an empty event loop
` +
    lockDown(NODE_REMOVED, false, NODE_KEPT) +
    String.raw`
send({ type: "ready" });
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
function evaluate(code) {
  let source = code;
  if (/^\s*\{/.test(code)) try { parse("return (" + code + "\n)"); source = "(" + code + "\n)"; } catch {}
  return indirectEval(source + "\n//# sourceURL=" + FILE);
}
globalThis.addEventListener("error", (event) => { event.preventDefault(); fail("Uncaught in a callback: ", event.error !== undefined ? event.error : event.message); });
globalThis.addEventListener("unhandledrejection", (event) => { event.preventDefault(); fail("Unhandled promise rejection: ", event.reason); });
send({ type: "ready" });
setInterval(() => {}, 1 << 30); // a promise that never settles meets the timeout, not an empty event loop
(async () => {
  let code = "";
  const decoder = new TextDecoder();
  for await (const piece of Deno.stdin.readable) code += decoder.decode(piece, { stream: true });
  run(code + decoder.decode());
})();
`
  );
}
