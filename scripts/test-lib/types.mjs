// Type tests: `tsc -p test/types/tsconfig.json` over test/types/**/*.ts. One check per file: a file passes
// when tsc reports no error in it. Errors outside test/types (e.g. in src/) count as one more failure.
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { runProcess } from "./process.mjs";

function listTypeFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory()
      ? listTypeFiles(join(dir, e.name))
      : e.isFile() && e.name.endsWith(".ts")
        ? [join(dir, e.name)]
        : [],
  );
}

export async function runTypes({ root, timeoutMs }) {
  const dir = join(root, "test/types");
  const files = listTypeFiles(dir).map((f) => relative(root, f).split("\\").join("/"));
  const command = process.execPath;
  const args = ["node_modules/typescript/bin/tsc", "-p", "test/types/tsconfig.json", "--pretty", "false"];
  if (files.length === 0) {
    return { passed: 0, failed: 0, files, output: "", problems: [], ms: 0, command: null };
  }
  const run = await runProcess({ command, args, cwd: root, env: process.env, timeoutMs });
  const text = `${run.output}${run.stderr}`.trim();
  const bad = new Set();
  let elsewhere = false;
  for (const line of text.split("\n")) {
    const m = /^(.+?)\(\d+,\d+\): error TS\d+/.exec(line);
    if (!m) continue;
    const file = relative(root, resolve(root, m[1])).split("\\").join("/");
    if (files.includes(file)) bad.add(file);
    else elsewhere = true;
  }
  const problems = [...run.problems.filter((p) => !p.startsWith("exited with"))];
  if (elsewhere) problems.push("tsc reported errors outside test/types");
  if (run.problems.some((p) => p.startsWith("exited with")) && bad.size === 0 && !elsewhere) {
    problems.push(`tsc failed: ${run.problems.join("; ")}`);
  }
  return {
    passed: files.length - bad.size,
    failed: bad.size + problems.length,
    files,
    output: text,
    problems,
    ms: run.ms,
    command: `node ${args.join(" ")}`,
  };
}
