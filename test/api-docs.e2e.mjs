#!/usr/bin/env node
// The API reference builds from the JSDoc of every export without a warning (TypeDoc, warnings treated as errors,
// as `npm run docs` runs it), so an export whose types name something undocumented, or a broken {@link}, fails
// here. Nothing is written (`--emit none`). Prints `N passed, N failed` and exits 1 when anything failed.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { check, expect, finish } = createChecks();

await check("npm run docs: TypeDoc reads every entry's exports without a warning", () => {
  const run = spawnSync(
    process.execPath,
    [join(root, "node_modules/typedoc/bin/typedoc"), "--options", "typedoc.json", "--emit", "none"],
    { cwd: root, encoding: "utf8", timeout: 240_000 },
  );
  const output = `${run.stdout}${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
  expect(
    run.status === 0 && !/\[warning\]|\[error\]/.test(output),
    output.slice(-4000) || `exit ${run.status ?? run.signal}`,
  );
});

finish();
