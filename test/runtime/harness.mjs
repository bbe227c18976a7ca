// Runs inside every test runtime (node, node --disallow-code-generation-from-strings, Chromium, Deno, Bun).
// The generated entry (.test-build/entry.mjs) calls `run` with every test file as a lazy import. Each file
// gets its own uvu queue group (uvu's CLI protocol: UVU_DEFER, UVU_QUEUE, UVU_INDEX), so uvu prints the file
// name above its suites and runs everything once, in order, after every file is loaded. The bundle banner
// sets globalThis.UVU_DEFER and globalThis.__TOOLTYPE_ENV__ before any module (uvu included) is evaluated.
//
// First a line `##TOOLTYPE_START` is logged. When uvu is done, one line `##TOOLTYPE_RESULT {json}` is logged (and the same object is stored in
// globalThis.__TOOLTYPE_RESULT__); scripts/test-lib reads it together with uvu's own summary.
import { exec, describe, shimIssues, unrunSuites } from "./uvu-shim.mjs";

export const START_MARK = "##TOOLTYPE_START";
export const RESULT_MARK = "##TOOLTYPE_RESULT ";

function probeEval() {
  try {
    return new Function("return true")() === true;
  } catch {
    return false;
  }
}

/** @param {Array<[string, () => Promise<unknown>]>} files */
export async function run(files) {
  globalThis.__TOOLTYPE_STARTED__ = true;
  console.log(START_MARK);
  const issues = [];
  const queue = globalThis.UVU_QUEUE;
  if (!globalThis.UVU_DEFER || !Array.isArray(queue) || queue.length !== 0) {
    issues.push({ kind: "harness", where: "harness", message: "uvu was loaded before UVU_DEFER was set" });
  }

  for (let i = 0; i < files.length; i++) {
    const [name, load] = files[i];
    queue.push([name]);
    globalThis.UVU_INDEX = i;
    try {
      await load();
    } catch (error) {
      issues.push({ kind: "load", where: name, message: describe(error) });
    }
  }

  let crashed = null;
  try {
    await exec();
  } catch (error) {
    crashed = describe(error);
  }

  const result = {
    env: globalThis.__TOOLTYPE_ENV__ ?? null,
    evalAllowed: probeEval(),
    files: files.length,
    issues: [...issues, ...shimIssues, ...unrunSuites()],
    crashed,
  };
  globalThis.__TOOLTYPE_RESULT__ = result;
  console.log(RESULT_MARK + JSON.stringify(result));
}
