// createJavaScriptTool: code runs in a worker (Node and Deno: worker_threads; browsers and Bun: a Web Worker),
// the value of its last expression or its console output comes back, errors and timeouts are failed results,
// and the host's globals are never touched. Under the CSP runtime (script-src 'self') no worker can start:
// the tool says so in a failed result, and the suites that need a worker are skipped there.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { allowsEval, Tool, ToolRegistry } from "tooltype";
import { createJavaScriptTool } from "tooltype/builtins";
import { env, failed, recordingLogger, succeeded } from "./support/builtins.js";

const workersBlocked = env === "chromium-csp";
const g = globalThis as Record<string, unknown>;

const js = createJavaScriptTool({ timeout: 4000 });

const value = async (code: string, tool = js) => succeeded(await tool.execute({ code }), JSON.stringify(code));
const error = async (code: string, tool = js) => failed(await tool.execute({ code }), JSON.stringify(code));

const shape = suite("javascript: the tool");

shape("is a Tool named javascript with one required string parameter code", () => {
  assert.ok(js instanceof Tool);
  assert.is(js.name, "javascript");
  assert.equal(js.parameters.required, ["code"]);
  assert.equal(Object.keys(js.parameters.properties as object), ["code"]);
  assert.match(js.description, /4000 ms/);
  assert.match(createJavaScriptTool().description, /5000 ms/);
});

shape("options are checked when the tool is made", () => {
  for (const timeout of [0, -1, Number.NaN, Infinity]) assert.throws(() => createJavaScriptTool({ timeout }), /timeout must be/);
  assert.throws(() => createJavaScriptTool({ memoryLimitMb: 1 }), /memoryLimitMb/);
});

shape("code that is not a string is refused before any worker starts", async () => {
  for (const code of [1, null, ["1"], { toString: () => "1" }]) assert.match((await js.execute({ code }) as { error: string }).error, /Invalid arguments for tool "javascript"/);
});

const blocked = suite("javascript: where no worker can start (CSP without worker-src)");
const onlyBlocked = workersBlocked ? blocked : blocked.skip;

onlyBlocked("a failed result that names the Content-Security-Policy, logged as a host fault", async () => {
  const logger = recordingLogger();
  const tool = createJavaScriptTool({ logger });
  const result = await tool.execute({ code: "1 + 1" });
  assert.not.ok(result.success);
  assert.match((result as { error: string }).error, /^Tool "javascript" failed: The javascript tool could not start a worker here.*Content-Security-Policy/s);
  assert.is(logger.errors.length, 1);
  assert.is(g.__TOOLTYPE_ENV__, "chromium-csp");
});

const results = suite("javascript: the value of the last expression, else what was printed");
const withWorkers = (s: typeof results) => (workersBlocked ? s.skip : s);
const run = withWorkers(results);

run("the last expression's value, as JSON data", async () => {
  assert.is(await value("1 + 1"), 2);
  assert.equal(await value("const xs = [3, 1, 2]; xs.sort()"), [1, 2, 3]);
  assert.equal(await value("let total = 0;\nfor (let i = 1; i <= 10; i++) total += i;\ntotal"), 55);
  assert.is(await value("function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }\nfib(20)"), 6765);
  assert.equal(await value("({ a: 1, b: [true, null, 'x'] })"), { a: 1, b: [true, null, "x"] });
  assert.equal(await value("{ a: 1, nested: { b: 2 } }"), { a: 1, nested: { b: 2 } }); // read as an object, as Node's REPL does
  assert.is(await value("{ let x = 2; x * 21 }"), 42); // a block when it is not an object
  assert.is(await value("'a string'"), "a string");
  assert.is(await value("null"), null);
  assert.is(await value("if (true) { 'yes' } else { 'no' }"), "yes");
  assert.is(await value("var x = 1; x += 1; // a trailing comment"), 2);
  assert.is(await value("const n = 2; `${n} + ${n} = ${n + n}`"), "2 + 2 = 4");
});

run("a promise as the last expression is awaited", async () => {
  assert.is(await value("Promise.resolve(42)"), 42);
  assert.is(await value("new Promise((resolve) => setTimeout(() => resolve('later'), 30))"), "later");
  assert.is(await value("(async () => { await null; return 7 })()"), 7);
  assert.match(await error("Promise.reject(new RangeError('nope'))"), /^Tool "javascript" failed: RangeError: nope/);
});

run("without a value: what console.log (and its siblings) printed, one line per call", async () => {
  assert.is(await value("console.log('hi')"), "hi");
  assert.is(await value("console.log('a', 1, true, null, undefined); console.info({ b: [1, 'x'] }); console.error(new Map([[1, 2]]))"), 'a 1 true null undefined\n{ b: [1, "x"] }\nMap(1) { 1 => 2 }');
  assert.is(await value("for (let i = 0; i < 3; i++) console.log(i)"), "0\n1\n2");
  assert.is(await value("let nothing = 1"), "");
  assert.is(await value("console.log('ignored'); 'the value wins'"), "the value wins");
  assert.is(await value("const o = { a: 1 }; o.self = o; console.log(o)"), "{ a: 1, self: [Circular] }");
});

run("printed output is cut at 20,000 characters, so a flood cannot fill the host", async () => {
  const out = (await value("for (let i = 0; i < 100000; i++) console.log('line ' + i)")) as string;
  assert.ok(out.length < 20_100, `${out.length} characters`);
  assert.match(out, /^line 0\nline 1\n/);
  assert.match(out, /… \(output cut at 20000 characters\)$/);
});

run("values JSON cannot carry come back as text: functions and symbols as their String()", async () => {
  assert.is(await value("(function add(a, b) { return a + b })"), "function add(a, b) { return a + b }");
  assert.is(await value("Symbol('s')"), "Symbol(s)");
  assert.equal(await value("({ n: 1, f(x) { return x }, s: Symbol.iterator })"), { n: 1, f: "f(x) { return x }", s: "Symbol(Symbol.iterator)" });
  assert.is(await value("0 / 0"), "NaN");
  assert.equal(await value("[1 / 0, -1 / 0]"), ["Infinity", "-Infinity"]);
  assert.is(await value("2n ** 70n"), "1180591620717411303424n");
  assert.is(await value("new Set([1, 'a'])"), 'Set(2) { 1, "a" }');
  assert.is(await value("new Date(0)"), "1970-01-01T00:00:00.000Z");
  assert.is(await value("class Point { constructor() { this.x = 1; this.y = 2 } }; new Point()"), "Point { x: 1, y: 2 }");
  assert.equal(await value("const a = [1]; a.push(a); a"), [1, "[Circular]"]);
  assert.match((await value("new Error('as a value')")) as string, /^Error: as a value/);
});

const failures = suite("javascript: exceptions, syntax errors and timeouts are failed results");
const failing = withWorkers(failures);

failing("an exception: its name, message and stack, down to the code's own frames", async () => {
  const text = await error("function inner() { throw new TypeError('boom') }\nfunction outer() { inner() }\nouter()");
  assert.match(text, /^Tool "javascript" failed: (.|\n)*TypeError: boom/);
  assert.match(text, /inner[^\n]*code\.js[:,][^\n]*1:\d+/);
  assert.match(text, /outer[^\n]*code\.js/);
  assert.not.match(text, /worker_threads|node:vm|data:text|blob:|\[worker eval\]|runInThisContext/);
});

failing("what was printed before an exception comes with it", async () => {
  assert.match(await error("console.log('step 1'); null.x"), /TypeError[^\n]*\n(.|\n)*Printed before the error:\nstep 1$/);
});

failing("a syntax error, a thrown non-error, an error thrown later in a callback, an unhandled rejection", async () => {
  assert.match(await error("1 +)"), /SyntaxError/);
  assert.match(await error("let let = 1"), /SyntaxError/);
  assert.match(await error("await Promise.resolve(1)"), /SyntaxError/); // no top-level await
  assert.is(await error("throw 'oops'"), 'Tool "javascript" failed: Uncaught "oops"');
  assert.is(await error("throw { code: 42 }"), 'Tool "javascript" failed: Uncaught { code: 42 }');
  assert.match(await error("setTimeout(() => { throw new Error('late') }, 5); new Promise((r) => setTimeout(r, 500))"), /Uncaught in a callback: Error: late/);
  assert.match(await error("Promise.reject(new Error('unhandled')); new Promise((r) => setTimeout(r, 500))"), /(Unhandled promise rejection|Uncaught in a callback): Error: unhandled/);
  assert.match(await error("function down() { return down() } down()"), /RangeError: Maximum call stack size exceeded/);
});

failing("an infinite loop: stopped at the timeout, reported, and the next call works", async () => {
  const quick = createJavaScriptTool({ timeout: 300 });
  const started = Date.now();
  let hostTicks = 0;
  const ticking = setInterval(() => hostTicks++, 20);
  const text = await error("console.log('started'); while (true) {}", quick);
  clearInterval(ticking);
  assert.is(text, 'Tool "javascript" failed: The code did not finish within 300 ms (an endless loop, or a promise that never settles?); its worker was stopped.\nPrinted before it was stopped:\nstarted');
  assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  assert.ok(hostTicks >= 3, `the host was blocked (${hostTicks} ticks)`);
  assert.is(await value("'alive'", quick), "alive");
  // Deno cannot stop a thread stuck in a loop (see the README): one such loop there is enough.
  for (const code of [...(env === "deno" ? [] : ["for (;;) { [].concat([1]) }"]), "new Promise(() => {})"]) {
    const text = await error(code, quick);
    assert.match(text, /did not finish within 300 ms/, text);
  }
  assert.is(await value("1 + 2", quick), 3);
});

failing("calls run side by side, each in its own worker", async () => {
  const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => value(`new Promise((r) => setTimeout(() => r(${n} * 10), ${60 - n * 10}))`)));
  assert.equal(answers, [10, 20, 30, 40, 50]);
});

failing("expected failures are not logged", async () => {
  const logger = recordingLogger();
  const tool = createJavaScriptTool({ timeout: 300, logger });
  await tool.execute({ code: "throw new Error('x')" });
  await tool.execute({ code: "1 +)" });
  await tool.execute({ code: "new Promise(() => {})" });
  assert.is(logger.errors.length, 0);
});

const isolation = suite("javascript: the host's globals are never touched");
const isolated = withWorkers(isolation);

isolated("globals, prototypes and built-ins changed by the code stay in its worker", async () => {
  const code = [
    "globalThis.hacked = 1;",
    "Object.prototype.polluted = 'yes';",
    "Array.prototype.map = null;",
    "JSON.parse = () => 'hijacked';",
    "(function () { return this })().viaThis = 1;",
    "({}).constructor.constructor === Function ? 'same realm as the code' : 'other'",
  ].join("\n");
  assert.is(await value(code), "same realm as the code");
  assert.is(g.hacked, undefined);
  assert.is(g.viaThis, undefined);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.equal([1, 2].map((x) => x * 2), [2, 4]);
  assert.equal(JSON.parse("[1]"), [1]);
});

isolated("constructor chains reach the worker's globalThis, not the host's", async () => {
  const chain = "[].constructor.constructor('return globalThis')()";
  const code = `const other = ${chain}; other.viaChain = 1; typeof other.viaChain`;
  const result = await js.execute({ code });
  // Function() is eval: allowed in the worker unless the process forbids code generation (node-noeval).
  if (result.success) assert.is(result.value, "number");
  else assert.match(result.error, /EvalError/);
  assert.is(g.viaChain, undefined);
});

isolated("arguments as JSON text, with a __proto__ key beside code: the code runs, the host is untouched", async () => {
  const result = await js.execute('{"code": "globalThis.viaProto = 1; typeof viaProto", "__proto__": {"code": "2"}}');
  assert.equal(result, { success: true, value: "number" });
  assert.is(g.viaProto, undefined);
  assert.is(({} as Record<string, unknown>).code, undefined);
});

isolated("each call starts fresh: nothing survives from the previous one", async () => {
  await value("globalThis.remember = 42; Object.prototype.sticky = 1; 0");
  assert.is(await value("typeof remember + ' ' + typeof ({}).sticky"), "undefined undefined");
});

isolated("sabotage of the worker's own built-ins still ends in a result, never a hang", async () => {
  assert.equal(await value("JSON.stringify = null; String = null; Object.keys = null; Object.prototype.toJSON = () => 'x'; ({ a: [1, 2] })"), { a: [1, 2] });
  assert.equal(await value("Array.prototype.push = null; Array.prototype.join = null; console.log([1, 2]); undefined"), "[1, 2]");
  assert.equal(await value("postMessage = null; globalThis.onmessage = null; 5"), 5);
  assert.is(await value("console.log = null; 6"), 6);
  const result = await js.execute({ code: "Object.defineProperty(Object.prototype, 'then', { get() { throw new Error('no then') } }); ({ a: 1 })" });
  assert.type(result.success, "boolean");
});

const inNode = env === "node" || env === "node-noeval" ? isolation : isolation.skip;
const inChromium = env === "chromium" ? isolation : isolation.skip;
const inNodeWithoutEval = env === "node-noeval" ? isolation : isolation.skip;

inNode("in Node, the worker gets no environment variables and its own heap limit", async () => {
  assert.is(await value("Object.keys(process.env).length"), 0);
  const small = createJavaScriptTool({ memoryLimitMb: 16, timeout: 10_000 });
  assert.match(await error("const hog = []; while (true) hog.push(new Array(1e5).fill(Math.random()))", small), /ran out of memory \(the limit is 16 MB\)|stopped \(exit code/);
  assert.match(await error("process.exit(3)"), /stopped \(exit code 3\) before the code finished/);
});

inChromium("in a browser, the worker has an opaque origin (a data: URL): no access to the page's storage", async () => {
  assert.is(await value("self.origin"), "null");
  assert.is(await value("typeof document"), "undefined");
});

inNodeWithoutEval("host eval forbidden (node --disallow-code-generation-from-strings): the tool still runs code", async () => {
  assert.not.ok(allowsEval());
  assert.equal(await value("[1, 2, 3].reduce((a, b) => a + b)"), 6);
  assert.match(await error("eval('1')"), /EvalError/); // the worker shares the process's V8 flags
});

isolated("works through a ToolRegistry from the main entry point", async () => {
  const registry = new ToolRegistry().register(js);
  assert.equal(await registry.execute("javascript", '{"code":"[1, 2].map((n) => n * 3)"}'), { success: true, value: [3, 6] });
});

shape.run();
blocked.run();
results.run();
failures.run();
isolation.run();
