#!/usr/bin/env node
// A clone alone passes: no test, script, bench or demo file names a path outside the checkout (a sibling
// folder such as ../shared, a machine's absolute path such as /work/... or /home/..., or a relative path that
// climbs above the repository's root). What the tests read is vendored (test/fixtures/). Each finding names
// the file, the line and the path. Prints `N passed, N failed` and exits 1 when anything failed.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_SUITE_DIR } from "../scripts/test-lib/build.mjs";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["test", "scripts", "bench", "demo"];
const ROOT_FILES = ["package.json", "esbuild.config.mjs", "tsconfig.json"];
// Generated or vendored data, never code that reads a path.
const SKIP = new Set([
  "node_modules",
  "dist",
  ".test-build",
  ".bench-build",
  "test-results",
  "json-schema-test-suite",
  "recorded", // provider responses recorded from the real APIs: their paths are the provider's sandbox's, data
  "bundle.js",
]);
const TEXT = /\.(?:[cm]?[jt]s|tsx|json|html)$/;
// Paths that are data, never read: hostile input the tests give to tools (a time zone named like a file).
const INPUTS = new Set(["../../etc/passwd"]);
const self = fileURLToPath(import.meta.url);

/** Every text file of the folders, skipping generated output and vendored data. */
function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

/** The ways a line can name a place outside the checkout; each returns the offending text or undefined. */
const RULES = [
  {
    why: "names the sibling shared/ folder",
    find: (line) => /\.\.[\\/]+shared\b|["']shared["']\s*,\s*["']jsts["']|\bshared[\\/]jsts\b/.exec(line)?.[0],
  },
  {
    why: "is an absolute path of one machine",
    find: (line) => /(?<![\w.:/-])\/(?:work|home|Users|root|mnt)\/[\w.-]+/.exec(line)?.[0],
  },
  {
    why: "joins the root with '..'",
    find: (line) => /\b(?:root|ROOT|repo|repoRoot)\s*,\s*["']\.\.["']/.exec(line)?.[0],
  },
  {
    why: "climbs above the repository's root",
    find: (line, file) => {
      for (const match of line.matchAll(/["'`]((?:\.\.\/)+[^"'`\s]*)["'`]/g)) {
        if (!INPUTS.has(match[1]) && relative(root, resolve(dirname(file), match[1])).startsWith("..")) return match[1];
      }
      return undefined;
    },
  },
];

/** Finds every rule broken in `text` (the content of `file`), as "path:line: text (why)". */
export function outsidePaths(file, text) {
  const found = [];
  text.split("\n").forEach((line, i) => {
    for (const rule of RULES) {
      const hit = rule.find(line, file);
      if (hit) found.push(`${relative(root, file)}:${i + 1}: ${hit} (${rule.why})`);
    }
  });
  return found;
}

const { check, expect, finish } = createChecks();
// This file is left out: its probes and comments name such paths on purpose.
const files = [
  ...FOLDERS.flatMap((folder) => listFiles(join(root, folder))),
  ...ROOT_FILES.map((f) => join(root, f)),
].filter((f) => f !== self);

await check("the rules find what they are for (a check that cannot fail proves nothing)", () => {
  const probe = join(root, "scripts", "probe.mjs");
  const bad = [
    'join(root, "..", "shared", "jsts")',
    'readFileSync("../shared/jsts/README.md")',
    'const dir = "/work/main/test";',
    'import x from "../../outside.js";',
  ];
  for (const line of bad)
    expect(outsidePaths(probe, line).length > 0, `not found: ${line} -> ${JSON.stringify(outsidePaths(probe, line))}`);
  const fine = [
    'import x from "../src/index.ts";',
    'const chromium = "/usr/bin/chromium";',
    'new URL("../package.json", import.meta.url)',
  ];
  for (const line of fine) expect(outsidePaths(probe, line).length === 0, `found in a line that stays inside: ${line}`);
});
await check(`${files.length} test, script, bench and demo files name no path outside the checkout`, () => {
  const found = files.flatMap((file) => outsidePaths(file, readFileSync(file, "utf8")));
  expect(!found.length, found.join("\n"));
});
await check("the JSON Schema Test Suite the tests read is in the checkout", () => {
  const names = readdirSync(join(root, TEST_SUITE_DIR), { recursive: true }).map(String);
  expect(names.filter((n) => n.endsWith(".json")).length > 60, `only ${names.length} files in ${TEST_SUITE_DIR}`);
  expect(
    names.some((n) => n.split(sep).join("/") === "optional/format/email.json"),
    "optional/format/ is missing",
  );
  readFileSync(join(root, "test/fixtures/json-schema-test-suite/LICENSE"), "utf8");
});
finish();
