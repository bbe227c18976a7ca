#!/usr/bin/env node
// The formatter and the linter (Biome, biome.jsonc) over the whole tree: any finding, or a file not formatted as
// `npm run lint:fix` would write it, fails. Prints `N passed, N failed` and exits 1 when anything failed.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { check, expect, finish } = createChecks();

await check("biome check: every file formatted, no lint finding", () => {
  const run = spawnSync(join(root, "node_modules/.bin/biome"), ["check", "--colors=off", "."], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status === 0, `${output.slice(-6000)}\nrun \`npm run lint:fix\` for the formatting and the safe fixes`);
});

finish();
