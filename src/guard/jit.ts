import { compile, type Jit } from "./compile.js";
import { generate, type Generated } from "./codegen.js";
import { generateReport } from "./report.js";

/**
 * Generated code for guards: each schema becomes a specialised JavaScript function (through `new Function`),
 * about as fast as a guard written by hand. Opt-in, so an app that does not ask for it ships only the
 * interpreter; where eval is forbidden (a CSP without `unsafe-eval`, Workers) the guard falls back to the
 * interpreter by itself. The root entry's `compile` passes it for you.
 *
 * @example
 * import { compile } from "tooltype/guard";
 * import { jit } from "tooltype/jit";
 * const guard = compile(t.object({ q: t.string() }), { jit });
 * guard.mode; // "eval" where the runtime allows it
 */
export const jit: Jit = {
  guard(root, recursion) {
    const generated = generate(root, recursion);
    return { test: run(generated) as (value: unknown) => boolean, code: generated.source };
  },
  forbidden:
    "compile: { eval: true } asked for generated code, but this runtime forbids eval (a CSP without 'unsafe-eval', a Worker, or --disallow-code-generation-from-strings); leave eval unset to use the interpreter",
  compile: (schema, options) => compile(schema, { ...options, jit }),
  report: (root, build) =>
    run(generateReport(root, build)) as (value: unknown, issues: import("./issue.js").Issue[]) => void,
};

/** Runs generated source, handing it the values it closes over. */
function run(generated: Generated): unknown {
  return new Function("E", generated.source)(generated.externals);
}
