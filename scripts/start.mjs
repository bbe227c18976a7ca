#!/usr/bin/env node
// `npm start`: set-up without the browser step (scripts/setup.mjs --no-browser), a build when dist/ is missing or
// older than what it is built from, then the demo server (demo/serve.mjs) in this very process. One process from
// start to end, which package.json's `exec` puts in the place of npm's shell: the signal that stops `npm start`
// (Ctrl-C, or SIGTERM to npm's process id, which npm passes on) reaches the server and closes its port. A chain
// of commands under the shell left the server running when only the shell was stopped.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoServer } from "../demo/serve.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function step(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`npm start: \`node ${args.join(" ")}\` failed (${result.signal ?? `exit code ${result.status}`})`);
    process.exit(1);
  }
}

/** The newest modification time under `path` (a file or a folder). */
function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((time, name) => Math.max(time, newest(join(path, name))), info.mtimeMs);
}

/** Why dist/ must be built, or undefined when it is newer than its sources. */
function buildReason() {
  const built = join(root, "dist/types/index.d.ts"); // the build's last step writes the types
  if (!existsSync(built)) return "dist/ is not built";
  const sources = ["src", "esbuild.config.mjs", "package.json", "tsconfig.json"].map((p) => join(root, p));
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs ? "src/ changed since the last build" : undefined;
}

step(["scripts/setup.mjs", "--no-browser"]);
const reason = buildReason();
if (reason) {
  console.log(`npm start: ${reason}: building`);
  step(["esbuild.config.mjs"]);
}
startDemoServer();
