// Builds dist/: one ESM file per source module (index.js and builtins.js are the entries), an IIFE for
// classic <script> tags, the CLI, and the .d.ts files (tsc).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";

const started = Date.now();
rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });

const common = { bundle: true, target: "es2022", legalComments: "none", logLevel: "warning" };

// A file per module, not one bundle: an application's bundler then drops every module it does not reach
// ("sideEffects": false), where inside one file it must keep each top-level statement it cannot prove pure.
// Imports keep their ".js" paths, which name the emitted files. The builtins import the core through
// "../index.js", so both entries share one Tool class (ToolRegistry checks instanceof).
const modules = readdirSync("src", { recursive: true })
  .map((file) => `src/${file.replaceAll("\\", "/")}`)
  .filter((file) => file.endsWith(".ts") && !file.startsWith("src/cli"));
await build({ entryPoints: modules, outdir: "dist", outbase: "src", bundle: false, format: "esm", platform: "neutral", target: "es2022", sourcemap: true, logLevel: "warning" });
writeFileSync("dist/builtins.js", 'export * from "./builtins/index.js";\n');

// dist/tooltype.iife.js: for a classic <script src> (no modules, no bundler): the whole API on a `tooltype` global.
await build({ ...common, entryPoints: ["src/index.ts"], outfile: "dist/tooltype.iife.js", format: "iife", globalName: "tooltype", platform: "browser", minify: true });

// dist/cli.js: the `tooltype` command (Node only; self-contained, it recognises tools from any copy by shape).
await build({ ...common, entryPoints: ["src/cli-bin.ts"], outfile: "dist/cli.js", format: "esm", platform: "node", target: "node20", banner: { js: "#!/usr/bin/env node" } });

// Types: tsc writes one .d.ts per module under dist/types; dist/index.d.ts points at the entry.
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" });
writeFileSync("dist/index.d.ts", 'export * from "./types/index.js";\n');
writeFileSync("dist/builtins.d.ts", 'export * from "./types/builtins/index.js";\n');

console.log(`build: dist/ (index, builtins, iife, cli) and types in ${Date.now() - started} ms`);
