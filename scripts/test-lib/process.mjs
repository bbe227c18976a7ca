// Runs a test bundle in a child process (node, deno, bun) and collects what it printed.
import { spawn } from "node:child_process";
import { RESULT_MARK, parseResultLine, stripAnsi } from "./report.mjs";
import { watchdog } from "./watchdog.mjs";

const EXIT_GRACE_MS = 5_000;

/**
 * Resolves to { output, stderr, result, problems, warnings, ms }. Never rejects.
 * The run fails (a problem) on a spawn error, a non-zero exit before the harness reported, or a hang: nothing
 * printed for `timeoutMs` (stretched by the machine's load; see watchdog.mjs). Total time is never limited.
 */
export function runProcess({ command, args, cwd, env, timeoutMs }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const problems = [];
    const warnings = [];
    let stdout = "";
    let stderr = "";
    let reported = false;
    let graceTimer;
    let child;
    const kill = () => {
      try {
        child.kill("SIGKILL");
      } catch {}
    };
    try {
      child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      resolve({
        output: "",
        stderr: "",
        result: null,
        problems: [`could not start ${command}: ${error.message}`],
        warnings,
        ms: 0,
      });
      return;
    }
    const timer = watchdog(timeoutMs, (message) => {
      problems.push(message);
      kill();
    });
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      timer.poke();
      stdout += chunk;
      if (!reported && stdout.includes(RESULT_MARK) && /\n/.test(stdout.slice(stdout.indexOf(RESULT_MARK)))) {
        reported = true;
        graceTimer = setTimeout(() => {
          warnings.push(`finished its tests but did not exit within ${EXIT_GRACE_MS / 1000}s (open handles?); killed`);
          kill();
        }, EXIT_GRACE_MS);
      }
    });
    child.stderr.on("data", (chunk) => {
      timer.poke();
      stderr += chunk;
    });
    child.on("error", (error) => problems.push(`could not run ${command}: ${error.message}`));
    child.on("close", (code, signal) => {
      timer.stop();
      clearTimeout(graceTimer);
      const output = stripAnsi(stdout).replace(/\r\n/g, "\n");
      const result = parseResultLine(output);
      // uvu sets exitCode 1 when a test failed; that is counted from the summary. A non-zero exit without a
      // result line is a crash. A signal after the result line is our own grace-period kill (a warning).
      if (!result && (code !== 0 || signal))
        problems.push(`exited with ${signal ? `signal ${signal}` : `code ${code}`}`);
      resolve({ output, stderr: stripAnsi(stderr), result, problems, warnings, ms: Date.now() - started });
    });
  });
}
