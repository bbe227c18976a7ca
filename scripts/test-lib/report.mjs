// Turns what a runtime printed (uvu's output plus the harness result line) into counts.

export const START_MARK = "##TOOLTYPE_START";
export const RESULT_MARK = "##TOOLTYPE_RESULT ";

// CSI sequences (colours, cursor moves) and OSC sequences.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
export const stripAnsi = (text) => text.replace(ANSI, "");

/** uvu's closing block: "Total: N / Passed: N / Skipped: N" (see node_modules/uvu/dist/index.mjs, exec). */
export function parseSummary(text) {
  const m = /Total:\s+(\d+)\s*\n\s*Passed:\s+(\d+)\s*\n\s*Skipped:\s+(\d+)/.exec(text);
  return m ? { total: +m[1], passed: +m[2], skipped: +m[3] } : null;
}

/** The harness line, or null. */
export function parseResultLine(text) {
  const line = text.split("\n").find((l) => l.startsWith(RESULT_MARK));
  if (!line) return null;
  try {
    return JSON.parse(line.slice(RESULT_MARK.length));
  } catch {
    return null;
  }
}

/**
 * Counts one runtime. `run` = { env, expectEval, output (uvu text, ANSI stripped), result (harness object or
 * null), problems: string[] (runner-side failures: crash, timeout, page errors, ...) }.
 * Tests count one each (uvu's Total - Passed are the failed ones); each harness issue (a file that did not
 * load, a hook error, a suite never run) counts one; and any runtime-level problem (crash, timeout, no summary,
 * wrong environment, ...) counts one more, however many there are.
 */
export function tally(run) {
  const problems = [...run.problems];
  const issues = [];
  const summary = parseSummary(run.output);
  const result = run.result;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (!result) problems.push("the harness never reported a result (crashed, hung, or never started)");
  if (!summary) problems.push("uvu never printed its summary (Total/Passed/Skipped)");
  if (summary) {
    passed = summary.passed;
    skipped = summary.skipped;
    failed += summary.total - summary.passed;
    if (summary.total === 0 && result && result.files > 0) problems.push("no test ran");
  }
  if (result) {
    if (result.env !== run.env) {
      problems.push(
        `globalThis.__TOOLTYPE_ENV__ was ${JSON.stringify(result.env)}, expected ${JSON.stringify(run.env)}`,
      );
    }
    if (result.evalAllowed !== run.expectEval) {
      problems.push(
        `new Function was ${result.evalAllowed ? "allowed" : "blocked"}; this runtime is meant to ${run.expectEval ? "allow" : "block"} it`,
      );
    }
    if (result.crashed) problems.push(`uvu's run aborted: ${result.crashed}`);
    for (const issue of result.issues)
      issues.push(`${issue.kind === "load" ? "could not load " : ""}${issue.where}: ${issue.message}`);
  }
  failed += issues.length + (problems.length ? 1 : 0);
  return { passed, failed, skipped, problems: [...issues, ...problems] };
}

/**
 * uvu's output with the harness line removed. Unless `full`, suites whose tests all passed, and file headers
 * left with nothing under them, are dropped, so what remains is the failures (and the summary).
 */
export function cleanOutput(text, full = false) {
  let lines = text.split("\n").filter((l) => !l.startsWith(RESULT_MARK) && l !== START_MARK);
  if (!full) {
    lines = lines.filter((l) => {
      const m = /^\s.*\(\s*(\d+) \/ (\d+)\)\s*$/.exec(l);
      return !(m && m[1] === m[2] && !l.includes("✘"));
    });
    lines = lines.filter((l, i) => !(/^\S.*\.test\.ts$/.test(l) && !(lines[i + 1] ?? "").trim()));
  }
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Splits the shim's trace lines (##TOOLTYPE_BEGIN / ##TOOLTYPE_FAIL {json}, see test/runtime/uvu-shim.mjs)
 * out of a runtime's stderr. Returns { stderr (without them), last (the last test started), failures }.
 */
export function splitTraces(stderr) {
  const kept = [];
  let last = null;
  const failures = [];
  for (const line of stderr.split("\n")) {
    const m = /^##TOOLTYPE_(BEGIN|FAIL) (.*)$/.exec(line);
    if (!m) {
      kept.push(line);
      continue;
    }
    let data;
    try {
      data = JSON.parse(m[2]);
    } catch {
      continue;
    }
    if (m[1] === "BEGIN") last = data;
    else failures.push(data);
  }
  return { stderr: kept.join("\n"), last, failures };
}
