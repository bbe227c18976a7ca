#!/usr/bin/env node
// npm's `prepare` step: builds dist/ when it is missing or older than src/, so that `npm install <git url>` (npm
// clones the repository, installs its devDependencies, runs prepare, then packs) gives a package that loads.
// Cheap when there is nothing to do: dist/ up to date, or no esbuild (devDependencies left out, e.g.
// `npm install --omit=dev` in a clone), which is said and skipped rather than failing the install.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);

const built = join(root, "dist/index.js");
if (
  existsSync(built) &&
  existsSync(join(root, "dist/types/index.d.ts")) &&
  newest(join(root, "src")) <= statSync(built).mtimeMs
) {
  console.log("prepare: dist/ is up to date");
  process.exit(0);
}
const resolves = (id) => {
  try {
    createRequire(join(root, "package.json")).resolve(id);
    return true;
  } catch {
    return false;
  }
};
if (!resolves("esbuild") || !resolves("typescript/package.json")) {
  console.warn(
    "prepare: dist/ is missing or stale and the devDependencies (esbuild, typescript) are not installed, so it " +
      "was not built. Run `npm install` then `npm run build` in this checkout before importing tooltype from it.",
  );
  process.exit(0);
}
const run = spawnSync(process.execPath, ["esbuild.config.mjs"], { cwd: root, stdio: "inherit" });
process.exit(run.status ?? 1);
