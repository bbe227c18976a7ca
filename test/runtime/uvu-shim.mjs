// Stands in for "uvu" inside the test bundles (scripts/test-lib/build.mjs aliases every `import "uvu"` here,
// except this file's own import, which reaches the real package). It forwards everything to uvu 0.5.6 and
// only makes failures that uvu would swallow visible:
//
// - uvu runs a suite inside `try { ... } finally { return ... }`, so an error thrown by a `before` hook, or by
//   an `after.each` hook on the failure path, or a non-Error thrown by a test (uvu's formatter reads
//   `err.name.startsWith`), silently ends the suite: its remaining tests are never run and nothing is printed.
//   uvu's summary still counts them (Total > Passed), so the runner sees a failure; the shim records why.
// - an error thrown by an `after` hook escapes uvu's `finally` and aborts the whole run (no summary). The shim
//   records it and lets the run go on.
// - uvu prints a suite's failures when the suite ends; if a later test hangs, they would be lost. The shim
//   traces each test's start and failure on console.error as they happen (see `trace`).
// - a suite whose tests were registered but whose `.run()` was never called is reported too.
import { suite as uvuSuite, exec } from "uvu";

export { exec };

/**
 * One line per test start and per failure on console.error (stderr), written as it happens. uvu prints a
 * suite's failures only when the whole suite is done, so when a later test hangs and the runtime is killed,
 * these lines are all that says which test hung and why the earlier ones failed. The runner strips them from
 * what it shows and uses them only then.
 */
function trace(kind, data) {
  try {
    console.error(`##TOOLTYPE_${kind} ${JSON.stringify(data)}`);
  } catch {}
}

/** Problems uvu would not have reported; the harness puts them in the result line. */
export const shimIssues = [];
const suites = [];

/** Text of any thrown value, with its stack when there is one. */
export function describe(error) {
  if (error instanceof Error || (error && typeof error === "object" && typeof error.message === "string")) {
    const head = `${error.name ?? "Error"}: ${error.message}`;
    const stack = typeof error.stack === "string" ? error.stack : "";
    // V8 stacks start with "Name: message"; JavaScriptCore (Bun) stacks are frames only.
    return stack.includes(error.message) ? stack : stack ? `${head}\n${stack}` : head;
  }
  try {
    return `non-Error thrown: ${typeof error === "string" ? JSON.stringify(error) : String(error)}`;
  } catch {
    return `non-Error thrown: (${typeof error})`;
  }
}

function toError(error) {
  if (error instanceof Error && typeof error.name === "string" && typeof error.message === "string") return error;
  if (error && typeof error === "object" && typeof error.name === "string" && typeof error.message === "string") {
    return error; // an Error from another realm, or an Error-like object uvu can format
  }
  return new Error(describe(error));
}

export function suite(name = "", state) {
  const real = uvuSuite(name, state);
  const info = { name, pending: 0 };
  suites.push(info);
  // True once a before.each hook, the test, or an after.each hook of the current test has failed: uvu is then
  // on its failure path, where a throwing after.each hook would end the suite silently.
  let failing = false;

  const record = (hook, ctx, error) =>
    shimIssues.push({
      kind: "hook",
      where: `suite ${JSON.stringify(name)}, ${hook} hook${ctx?.__test__ ? ` (test ${JSON.stringify(ctx.__test__)})` : ""}`,
      message: describe(error),
    });
  const wrapTest = (testName, fn) =>
    typeof fn !== "function"
      ? fn
      : async (ctx) => {
          failing = false;
          trace("BEGIN", { suite: name, test: testName });
          try {
            return await fn(ctx);
          } catch (error) {
            failing = true;
            const e = toError(error);
            trace("FAIL", { suite: name, test: testName, message: describe(e) });
            throw e;
          }
        };
  const wrap = (hook, fn) => {
    if (typeof fn !== "function") return fn;
    switch (hook) {
      case "before":
        return async (ctx) => {
          try {
            await fn(ctx);
          } catch (error) {
            record(hook, ctx, error);
            throw toError(error);
          }
        };
      case "after":
        return async (ctx) => {
          try {
            await fn(ctx);
          } catch (error) {
            record(hook, ctx, error);
          }
        };
      case "before.each":
        return async (ctx) => {
          try {
            await fn(ctx);
          } catch (error) {
            failing = true;
            throw toError(error);
          }
        };
      case "after.each":
        return async (ctx) => {
          try {
            await fn(ctx);
          } catch (error) {
            if (failing) {
              record(hook, ctx, error);
              return;
            }
            failing = true;
            throw toError(error);
          }
        };
    }
  };

  const test = (testName, fn) => {
    info.pending++;
    return real(testName, wrapTest(testName, fn));
  };
  test.only = (testName, fn) => {
    info.pending++;
    return real.only(testName, wrapTest(testName, fn));
  };
  test.skip = (...args) => real.skip(...args);
  test.before = (fn) => real.before(wrap("before", fn));
  test.before.each = (fn) => real.before.each(wrap("before.each", fn));
  test.after = (fn) => real.after(wrap("after", fn));
  test.after.each = (fn) => real.after.each(wrap("after.each", fn));
  test.run = () => {
    info.pending = 0;
    return real.run();
  };
  return test;
}

export const test = suite();

/** Suites with registered tests that were never `.run()`. */
export function unrunSuites() {
  return suites
    .filter((s) => s.pending > 0)
    .map((s) => ({
      kind: "unrun",
      where: `suite ${JSON.stringify(s.name)}`,
      message: `${s.pending} test(s) registered but .run() was never called`,
    }));
}
