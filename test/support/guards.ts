import { allowsEval, compile, type CompileOptions, type Guard } from "tooltype";

/** The guard paths this runtime can run: generated code where eval is allowed, the interpreter always. */
export const MODES: readonly ("eval" | "interpret")[] = allowsEval() ? ["eval", "interpret"] : ["interpret"];

/** Compiles a schema once per guard path, so every assertion runs on both and they cannot drift apart. */
export function guards(schema: object, options: CompileOptions = {}): Guard<unknown>[] {
  return MODES.map((mode) => compile(schema, { ...options, eval: mode === "eval" }));
}
