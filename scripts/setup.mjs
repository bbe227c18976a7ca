#!/usr/bin/env node
// Idempotent set-up for a fresh machine (run by `npm test` and `npm start` before anything else):
//   1. node_modules: `npm ci` when node_modules is missing or does not match package-lock.json (outside CI it
//      falls back to `npm install` when there is no lockfile or `npm ci` refuses it; in CI, CI=true, it fails);
//   2. checks that node_modules/.bin/esbuild, deno and bun run (they need no install script: their binaries
//      come from optional platform packages);
//   3. Chromium for the browser tests: `apt-get install -y chromium` when /usr/bin/chromium is missing.
// Set SKIP_CHROMIUM=1, or pass --no-browser, to skip step 3 (the chromium and chromium-csp runs will then fail).
// `npm start` passes --no-browser: serving the demo needs no browser on this machine.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { findTool } from "./test-lib/tools.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const say = (msg) => console.log(`setup: ${msg}`);
function die(msg) {
  console.error(`\nsetup: FAILED: ${msg}\n`);
  process.exit(1);
}
function run(command, args, options = {}) {
  say(`$ ${[command, ...args].join(" ")}`);
  const r = spawnSync(command, args, { stdio: "inherit", ...options });
  if (r.error) return { ok: false, why: r.error.message };
  return { ok: r.status === 0, why: r.signal ? `signal ${r.signal}` : `exit code ${r.status}` };
}
const readJSON = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const same = (a, b) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

const [major] = process.versions.node.split(".").map(Number);
if (major < 20) die(`Node ${process.versions.node} is too old; tooltype needs Node >= 20.`);

// ---- 1. node_modules -------------------------------------------------------------------------------------
/** Why node_modules must be (re)installed, or null when it matches the lockfile. */
function staleReason() {
  if (!existsSync("node_modules")) return "node_modules is missing";
  if (!existsSync("package-lock.json")) return "package-lock.json is missing";
  const hiddenFile = "node_modules/.package-lock.json";
  const hidden = readJSON(hiddenFile);
  if (!hidden) return `${hiddenFile} is missing`;
  const lock = readJSON("package-lock.json");
  const pkg = readJSON("package.json");
  if (!lock || !pkg) return "package.json or package-lock.json is not valid JSON";
  const rootEntry = lock.packages?.[""] ?? {};
  if (!same(rootEntry.dependencies, pkg.dependencies) || !same(rootEntry.devDependencies, pkg.devDependencies)) {
    return "package.json and package-lock.json list different dependencies";
  }
  // Installed packages must be exactly those of the lockfile (optional ones may be skipped: other platforms).
  for (const [path, entry] of Object.entries(hidden.packages ?? {})) {
    if (lock.packages?.[path]?.version !== entry.version) return `${path} is not the version in package-lock.json`;
    if (!existsSync(join(path, "package.json"))) return `${path} is missing`;
  }
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === "" || entry.optional || entry.link) continue;
    if (hidden.packages?.[path]?.version !== entry.version) return `${path}@${entry.version} is not installed`;
  }
  if (mtime("package-lock.json") > mtime(hiddenFile)) {
    say("package-lock.json is newer than node_modules/.package-lock.json but lists the same packages");
  }
  return null;
}

const reason = staleReason();
if (reason) {
  say(`installing dependencies: ${reason}`);
  const before = existsSync("package-lock.json") ? readFileSync("package-lock.json", "utf8") : null;
  let ok = false;
  if (before !== null) {
    say(`$ ${npm} ci --no-audit --no-fund`);
    const ci = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    ok = !ci.error && ci.status === 0;
    if (ok) {
      process.stdout.write(ci.stdout);
      process.stderr.write(ci.stderr);
    } else {
      // npm ci prints its whole usage text after the reason; keep the reason.
      const text = `${ci.stdout ?? ""}${ci.stderr ?? ""}`.split("\n");
      const end = text.findIndex((l) => /^npm error (Clean install a project|Usage:)/.test(l));
      const reasonLines = (end >= 0 ? text.slice(0, end) : text.slice(0, 30)).filter(
        (l) => !/Unknown user config/.test(l),
      );
      console.log(reasonLines.join("\n").trim());
      // npm ci refuses a lockfile out of sync with package.json. In CI that is a failure (the lockfile must be
      // committed in sync); on a developer's machine npm install repairs it, and says to commit the result.
      if (process.env.CI)
        die("npm ci refused package-lock.json (see above): run npm install and commit package-lock.json.");
      say(`npm ci failed (${ci.error ? ci.error.message : `exit code ${ci.status}`}); falling back to npm install`);
    }
  } else {
    say("no package-lock.json: npm install will create it (commit it)");
  }
  if (!ok) {
    const install = run(npm, ["install", "--no-audit", "--no-fund"]);
    if (!install.ok) die(`npm install failed (${install.why}); see npm's output above.`);
  }
  const after = existsSync("package-lock.json") ? readFileSync("package-lock.json", "utf8") : null;
  if (after === null) die("package-lock.json is still missing after npm install.");
  if (before !== null && after !== before) say("package-lock.json was changed by npm: review and commit it");
  const still = staleReason();
  if (still) die(`node_modules still does not match package-lock.json after installing: ${still}`);
} else {
  say("node_modules matches package-lock.json");
}

// ---- 2. tool binaries ------------------------------------------------------------------------------------
for (const tool of ["esbuild", "deno", "bun"]) {
  const found = findTool(root, tool);
  if (!found.bin) {
    die(
      `no working ${tool} binary in node_modules (tried ${found.tried.map((p) => relative(root, p)).join(", ")}).\n` +
        `  Its binary comes from an optional platform package (@esbuild/*, @deno/*, @oven/bun-*): check that npm\n` +
        `  installed the one for ${process.platform}-${process.arch} (a registry that lacks it cannot provide it).`,
    );
  }
  say(
    `${tool} ${found.version.replace(/^(deno|esbuild|bun)\s*/i, "")}${found.fallback ? ` (node_modules/.bin/${tool} does not run, its install script was not run; using ${relative(root, found.bin)})` : ""}`,
  );
}

// ---- 3. Chromium -----------------------------------------------------------------------------------------
function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 60_000,
    }).trim();
  } catch {
    return null;
  }
}

if (process.argv.includes("--no-browser")) {
  say("--no-browser: not checking Chromium (only the tests need it)");
} else if (process.env.SKIP_CHROMIUM) {
  say("SKIP_CHROMIUM is set: not checking Chromium");
} else {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CHROMIUM_PATH) die(`CHROMIUM_PATH=${CHROMIUM} does not exist.`);
    if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) {
      die(`${CHROMIUM} is missing and apt-get is not available here: install Chromium and set CHROMIUM_PATH.`);
    }
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    const sudo = isRoot ? [] : ["sudo", "-n"];
    if (!isRoot && !existsSync("/usr/bin/sudo"))
      die(`${CHROMIUM} is missing; installing it needs root (apt-get install -y chromium).`);
    say(`${CHROMIUM} is missing: installing Debian's chromium package with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const [cmd, ...pre] = [...sudo, "apt-get"];
    const update = run(cmd, [...pre, "update"], { env });
    if (!update.ok) die(`apt-get update failed (${update.why}); see its output above.`);
    const install = run(cmd, [...pre, "install", "-y", "chromium"], { env });
    if (!install.ok) die(`apt-get install -y chromium failed (${install.why}); see its output above.`);
    if (!existsSync(CHROMIUM)) die(`apt-get install chromium succeeded but ${CHROMIUM} still does not exist.`);
  }
  const version = chromiumVersion();
  if (!version) die(`${CHROMIUM} is installed but \`${CHROMIUM} --version\` fails.`);
  say(version);
}
