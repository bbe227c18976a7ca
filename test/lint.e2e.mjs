#!/usr/bin/env node
// The formatter and the linter (Biome, biome.jsonc) over the whole tree: any finding, or a file not formatted as
// `npm run lint:fix` would write it, fails; so does a comment in src/ over 120 columns that could be wrapped. Prints `N passed, N failed` and exits 1 when anything failed.
import { spawnSync } from "node:child_process";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createChecks } from "./support/checks.mjs";
import { WIDTH, longComments, sourceFiles, wrapComments } from "../scripts/wrap-comments.mjs";

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

// The formatter wraps code at 120 columns, not comments: scripts/wrap-comments.mjs does (npm run lint:fix).
// What it leaves is an @example's code line, which it will not split: that one is shortened by hand.
await check(`comments in src/ wrapped at ${WIDTH} columns, @example code included`, () => {
  const unwrapped = sourceFiles()
    .filter(([, text]) => wrapComments(text) !== text)
    .map(([file]) => relative(root, file));
  const examples = longComments();
  expect(
    !unwrapped.length && !examples.length,
    [
      unwrapped.length && `comments over ${WIDTH} columns in: ${unwrapped.join(", ")}\nrun \`npm run lint:fix\``,
      examples.length && `@example code lines over ${WIDTH} columns (shorten them by hand):\n${examples.join("\n")}`,
    ]
      .filter(Boolean)
      .join("\n"),
  );
});

finish();
