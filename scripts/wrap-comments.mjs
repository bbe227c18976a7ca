#!/usr/bin/env node
// Wraps comment lines of src/ longer than 120 columns (the formatter wraps code, not comments): a `//` line, a JSDoc
// ` * ` line or a one-line `/** ... */` becomes lines of at most 120 columns at the same indent, split between words.
// An @example's code line keeps its code whole (its trailing `// result` comment moves under it); what is still
// over 120 is listed, to shorten by hand (test/lint.e2e.mjs fails on it). `npm run lint:fix` runs this after Biome.
//   node scripts/wrap-comments.mjs           rewrite the files
//   node scripts/wrap-comments.mjs --check   only list the lines over 120 (exit 1 when there are any)
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const WIDTH = 120;
// Comments a tool reads as one line (a suppression and its reason): never split.
const DIRECTIVE = /biome-ignore|@ts-expect-error|@ts-ignore|eslint-disable|@vite-ignore|webpackIgnore/;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** `text` split between words into lines of at most `width` columns, each starting with `prefix`. */
function wrap(prefix, text, width = WIDTH) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix + line);
  return lines;
}

/** An @example's code line: its trailing `// result` comment moves under it, wrapped; the code stays whole. */
function exampleLine(prefix, text) {
  if (text.startsWith("// ")) return wrap(`${prefix}// `, text.slice(3));
  const at = text.indexOf(" // ");
  if (at <= 0) return [prefix + text];
  return [prefix + text.slice(0, at).trimEnd(), ...wrap(`${prefix}// `, text.slice(at + 4))];
}

/** A long one-line JSDoc as a block: its text wrapped, and its @example (if any) as code lines. */
function oneLineDoc(indent, text) {
  const [prose, example] = text.split(/\s*@example\s+/);
  const lines = [`${indent}/**`, ...wrap(`${indent} * `, prose)];
  if (example !== undefined) {
    lines.push(`${indent} *`, `${indent} * @example`, ...exampleLine(`${indent} * `, example));
  }
  return [...lines, `${indent} */`];
}

/** The file's lines with long comments wrapped. */
export function wrapComments(source) {
  const out = [];
  let inExample = false;
  for (const line of source.split("\n")) {
    const doc = /^(\s*)\* ?(.*)$/.exec(line);
    if (doc && /^@\w/.test(doc[2])) inExample = doc[2].startsWith("@example");
    if (/^\s*\/\*\*/.test(line) || /\*\/\s*$/.test(line)) inExample = inExample && !/\*\/\s*$/.test(line);
    if (line.length <= WIDTH || DIRECTIVE.test(line)) {
      out.push(line);
      continue;
    }
    const slashes = /^(\s*)\/\/ ?(.*)$/.exec(line);
    const oneLine = /^(\s*)\/\*\* (.*?) \*\/$/.exec(line);
    if (slashes) out.push(...wrap(`${slashes[1]}// `, slashes[2]));
    else if (oneLine) out.push(...oneLineDoc(oneLine[1], oneLine[2]));
    else if (doc && inExample) out.push(...exampleLine(`${doc[1]}* `, doc[2]));
    else if (doc && !/^\s*\*\//.test(line)) out.push(...wrap(`${doc[1]}* `, doc[2]));
    else out.push(line);
  }
  return out.join("\n");
}

/** Every src/**\/*.ts file, as [path, text]. */
export function sourceFiles() {
  return readdirSync(join(root, "src"), { recursive: true })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(root, "src", f))
    .map((file) => [file, readFileSync(file, "utf8")]);
}

/** Comment lines of src/ still over 120 columns: `file:line: text`. */
export function longComments() {
  return sourceFiles().flatMap(([file, text]) =>
    text
      .split("\n")
      .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
      .filter(({ line }) => line.length > WIDTH && /^\s*(\/\/|\/\*\*|\*)/.test(line) && !DIRECTIVE.test(line))
      .map(({ line, at }) => `${at}: ${line.trim().slice(0, 80)}...`),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes("--check")) {
    for (const [file, text] of sourceFiles()) {
      const wrapped = wrapComments(text);
      if (wrapped !== text) writeFileSync(file, wrapped);
    }
  }
  const left = longComments();
  if (left.length) console.log(`${left.length} comment line(s) over ${WIDTH} columns:\n${left.join("\n")}`);
  process.exitCode = left.length && process.argv.includes("--check") ? 1 : 0;
}
