// The guard benchmark in a browser page served with a CSP that forbids eval (bench/csp.mjs serves and reads it):
// the guard compiled ahead of time and the interpreter, each ÷ the hand-written guard, on every case and input.
import { compile } from "../src/guard/compile.js";
import { aotGuard, aotHelpers } from "../src/guard/aot.js";
import { guardCode } from "../src/build/guard-code.js";
import { CASES } from "./cases.js";
import { FULL, QUICK, consume, paired } from "./measure.js";
// @ts-expect-error: written by `run.mjs --write-aot` before this page is bundled
import { predicates } from "../.bench-build/aot-cases.mjs";

const quick = new URL(location.href).searchParams.has("quick");
let evalBlocked = false;
try {
  new Function("return 1")();
} catch {
  evalBlocked = true;
}
const rows: { case: string; input: string; library: string; ns: number; ratio: number }[] = [];
for (const c of CASES) {
  const make = (predicates as Record<string, (h: typeof aotHelpers) => (v: unknown) => boolean>)[c.name]!;
  const candidates: [string, (v: unknown) => boolean][] = [
    ["tooltype aot", aotGuard(guardCode(c.tooltype).schema, make(aotHelpers))],
    ["tooltype (interpreter)", compile(c.tooltype)],
  ];
  for (const input of ["valid", "invalid1", "invalid5"] as const) {
    const value = c[input];
    for (const [library, fn] of candidates) {
      if (fn(value) !== (input === "valid")) throw new Error(`${library} is wrong on ${c.name}/${input}`);
      const m = paired(
        () => consume(fn(value)),
        () => consume(c.hand(value)),
        quick ? QUICK : FULL,
      );
      rows.push({ case: c.name, input, library, ns: m.ns, ratio: m.ratio });
    }
  }
}
document.body.textContent = JSON.stringify({ evalBlocked, userAgent: navigator.userAgent, rows });
