// The source text of the javascript tool's worker. It is plain JavaScript in strings (not functions whose
// source is read back), so no bundler or transpiler can rewrite it, and the host never evaluates it: the
// worker runtime loads it as the worker's script.
//
// Protocol, worker to host: { type: "ready" } once started; { type: "print", text, cut? } for each console
// call; then one { type: "result", hasValue, value? } or { type: "error", error }. Host to worker: { code }.

/** The virtual file name of the model's code in stack traces: frames naming it are the code's own. */
const CODE_FILE = "code.js"; // OWN_FRAME in the worker matches it

/** Characters of printed output kept; the rest is cut (the host cuts too, whatever the worker sends). */
export const MAX_PRINTED = 20_000;

// Shared by both workers: console capture, value and error description, the run itself. `send` and
// `evaluate` come from the glue below. Built-ins it needs are taken before the model's code can replace them.
function core(): string {
  return String.raw`"use strict";
const FILE = ${JSON.stringify(CODE_FILE)};
const MAX_PRINTED = ${MAX_PRINTED};
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
for (const method of ["log", "info", "debug", "warn", "error", "trace", "dir", "table"]) console[method] = (...args) => print(args);

let delivered = false;
function deliver(outcome) {
  if (delivered) return;
  delivered = true;
  try {
    send(outcome.type === "result" && outcome.hasValue ? { type: "result", hasValue: true, value: asData(outcome.value, 0, []) } : outcome);
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

/**
 * The worker for `node:worker_threads` in Node and Deno (`new Worker(source, { eval: true })`). The code runs through
 * `vm.Script` in the worker's own context, which `--disallow-code-generation-from-strings` does not block.
 *
 * @example
 * new Worker(nodeWorkerScript(), { eval: true });
 */
export function nodeWorkerScript(): string {
  return (
    core() +
    String.raw`
const vm = require("node:vm");
const { parentPort } = require("node:worker_threads");
const post = parentPort.postMessage.bind(parentPort);
const send = (message) => post(message);
const loader = vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
const compile = (source) => new vm.Script(source, loader ? { filename: FILE, importModuleDynamically: loader } : { filename: FILE });
// Like Node's REPL, code that starts with "{" is first read as an object literal.
function evaluate(code) {
  let script;
  if (/^\s*\{/.test(code)) try { script = compile("(" + code + "\n)"); } catch {}
  return (script || compile(code)).runInThisContext({ displayErrors: false });
}
process.on("uncaughtException", (error) => fail("Uncaught in a callback: ", error));
process.on("unhandledRejection", (reason) => fail("Unhandled promise rejection: ", reason));
// "on", not "once": the listening port keeps the worker alive while a promise is pending, so a promise that
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
export function webWorkerScript(): string {
  return (
    core() +
    String.raw`
const post = globalThis.postMessage.bind(globalThis);
const send = (message) => post(message);
const indirectEval = globalThis.eval;
const parse = globalThis.Function;
// Like Node's REPL, code that starts with "{" is first read as an object literal (parsed, not run, to decide).
function evaluate(code) {
  let source = code;
  if (/^\s*\{/.test(code)) try { parse("return (" + code + "\n)"); source = "(" + code + "\n)"; } catch {}
  return indirectEval(source + "\n//# sourceURL=" + FILE);
}
globalThis.addEventListener("error", (event) => { event.preventDefault(); fail("Uncaught in a callback: ", event.error !== undefined ? event.error : event.message); });
globalThis.addEventListener("unhandledrejection", (event) => { event.preventDefault(); fail("Unhandled promise rejection: ", event.reason); });
globalThis.addEventListener("message", (event) => run(event.data && event.data.code), { once: true });
send({ type: "ready" });
`
  );
}
