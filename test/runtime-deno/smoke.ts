// Deno, as its users import a package: a bare "tooltype" mapped by the import map in deno.json to the built
// dist/index.js. Run from the repository root (test/runtimes.e2e.mjs does):
//   node_modules/.bin/deno run --config test/runtime-deno/deno.json test/runtime-deno/smoke.ts
// The whole shared suite already runs in Deno (scripts/test-all.mjs, runtime "deno"); this checks the import.
import { compile, createToolCallStream, t, tool } from "tooltype";
import { createCalculatorTool } from "tooltype/builtins";
import { runSmoke } from "../runtime-smoke.ts";

const { passed, failed } = await runSmoke(
  { t, compile, tool, createToolCallStream, createCalculatorTool },
  `Deno ${Deno.version.deno}`,
);
console.log(`${passed} passed, ${failed} failed`);
if (failed || !passed) Deno.exit(1);
