// Bun, as its users import a package: "tooltype" by name, which Bun resolves through package.json's
// "exports" (inside the package, its own name resolves to itself) to the built dist/index.js.
// Run from the repository root (test/runtimes.e2e.mjs does): node_modules/.bin/bun test/runtime-bun/smoke.ts
// The whole shared suite already runs in Bun (scripts/test-all.mjs, runtime "bun"); this checks the import.
import { compile, createToolCallStream, t, tool } from "tooltype";
import { createCalculatorTool } from "tooltype/builtins";
import { runSmoke } from "../runtime-smoke.ts";

declare const Bun: { version: string };
declare const process: { exit(code: number): never };

const { passed, failed } = await runSmoke(
  { t, compile, tool, createToolCallStream, createCalculatorTool },
  `Bun ${Bun.version}`,
);
console.log(`${passed} passed, ${failed} failed`);
if (failed || !passed) process.exit(1);
