import * as assert from "uvu/assert";
import { allowsEval, compile, type CompileOptions, type Guard } from "tooltype";

/** The guard paths this runtime can run: generated code where eval is allowed, the interpreter always. */
export const MODES: readonly ("eval" | "interpret")[] = allowsEval() ? ["eval", "interpret"] : ["interpret"];

/** Compiles a schema once per guard path, so every assertion runs on both and they cannot drift apart. */
export function guards(schema: object, options: CompileOptions = {}): Guard<unknown>[] {
  return MODES.map((mode) => compile(schema, { ...options, eval: mode === "eval" }));
}

/** Asserts the verdict of every guard path, and that errors() is empty exactly when valid. */
export function check(schema: object, valid: unknown[], invalid: unknown[], options: CompileOptions = {}): void {
  for (const guard of guards(schema, options)) {
    for (const v of valid) {
      assert.ok(guard(v), `${guard.mode}: expected valid: ${JSON.stringify(v)} against ${JSON.stringify(schema)}`);
      assert.equal(guard.errors(v), [], `${guard.mode}: no errors for ${JSON.stringify(v)}`);
    }
    for (const v of invalid) {
      assert.not.ok(
        guard(v),
        `${guard.mode}: expected invalid: ${JSON.stringify(v)} against ${JSON.stringify(schema)}`,
      );
      assert.ok(guard.errors(v).length > 0, `${guard.mode}: errors for ${JSON.stringify(v)}`);
    }
  }
}

/** The [code, path] pairs of a value's errors, identical on every path. */
export function codes(schema: object, value: unknown): [string, string][] {
  const all = guards(schema).map((g) => g.errors(value).map((e) => [e.code, e.path] as [string, string]));
  for (const other of all.slice(1)) assert.equal(other, all[0]);
  return all[0]!;
}
