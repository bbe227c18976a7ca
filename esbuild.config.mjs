// Builds dist/: one ESM file per source module (package.json's "exports" name the entries: index.js, t/index.js,
// guard/jit.js, ...), an IIFE for classic <script> tags, the CLI, and the .d.ts files (tsc, under dist/types/).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";

const started = Date.now();
rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });

const common = { bundle: true, target: "es2022", legalComments: "none", logLevel: "warning" };

// A file per module, not one bundle: an application's bundler then drops every module it does not reach
// ("sideEffects": false), where inside one file it must keep each top-level statement it cannot prove pure.
// Imports keep their ".js" paths, which name the emitted files. Every entry is a module of that one tree, so an
// app that mixes the root and subpath entries loads each module once: one Tool class, one set of symbols and caches.
const modules = readdirSync("src", { recursive: true })
  .map((file) => `src/${file.replaceAll("\\", "/")}`)
  .filter((file) => file.endsWith(".ts") && !file.startsWith("src/cli"));
await build({ entryPoints: modules, outdir: "dist", outbase: "src", bundle: false, format: "esm", platform: "neutral", target: "es2022", sourcemap: true, logLevel: "warning" });

// dist/tooltype.iife.js: for a classic <script src> (no modules, no bundler): the whole API on a `tooltype` global.
await build({ ...common, entryPoints: ["src/index.ts"], outfile: "dist/tooltype.iife.js", format: "iife", globalName: "tooltype", platform: "browser", minify: true });

// dist/cli.js: the `tooltype` command (Node only; self-contained, it recognises tools from any copy by shape).
await build({ ...common, entryPoints: ["src/cli-bin.ts"], outfile: "dist/cli.js", format: "esm", platform: "node", target: "node20", banner: { js: "#!/usr/bin/env node" } });

// Types: tsc writes one .d.ts per module under dist/types, which package.json's "exports" name first.
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" });

console.log(`build: dist/ (every entry, iife, cli) and types in ${Date.now() - started} ms`);
