// The TypeScript blocks of README.md (and of docs/**/*.md, when there are any), for the suites that run them:
// test/readme.e2e.mjs (type-checked and run) and test/bundlers.e2e.mjs (bundled and run).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** README.md and every page under docs/. @example markdownFiles(root) // ["/repo/README.md", "/repo/docs/agent.md", ...] */
export function markdownFiles(root) {
  const docs = join(root, "docs");
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
    );
  return [join(root, "README.md"), ...(existsSync(docs) ? walk(docs) : [])];
}

/** Fenced ```ts / ```typescript blocks of one file: file, first line of code, info words, code. */
function blocksOf(root, file) {
  const lines = readFileSync(file, "utf8").split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|typescript)\b(.*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== "```") end++;
    out.push({
      file: relative(root, file),
      line: start + 1,
      words: open[2].trim().split(/\s+/).filter(Boolean),
      code: lines.slice(start, end).join("\n") + "\n",
    });
    i = end;
  }
  return out;
}

/**
 * Every TypeScript block of README.md and docs/, in order, each with `name` (`block-01`, ...) and `label` (`README.md:17`).
 *
 * @example
 * const runnable = readmeBlocks(root).filter((b) => !b.words.includes("no-run") && !b.words.includes("fragment"));
 */
export function readmeBlocks(root) {
  return markdownFiles(root)
    .flatMap((file) => blocksOf(root, file))
    .map((b, i) => ({ ...b, name: `block-${String(i + 1).padStart(2, "0")}`, label: `${b.file}:${b.line}` }));
}
