// Builds dist/: the ESM bundle (index.js, tree-shakeable), the builtins entry, an IIFE for classic
// <script> tags, the CLI, and the .d.ts files (tsc).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";

const started = Date.now();
rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });

const common = { bundle: true, target: "es2022", legalComments: "none", logLevel: "warning" };
const library = { ...common, format: "esm", platform: "neutral", sourcemap: true };

await build({ ...library, entryPoints: ["src/index.ts"], outfile: "dist/index.js" });

// dist/builtins.js ("tooltype/builtins"): its imports of the core ("../index.js") stay imports of ./index.js,
// so both entry points share one Tool class (ToolRegistry checks instanceof).
await build({
  ...library,
  entryPoints: ["src/builtins/index.ts"],
  outfile: "dist/builtins.js",
  plugins: [{ name: "core-from-index", setup: (b) => b.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: "./index.js", external: true })) }],
});

// dist/tooltype.iife.js: for a classic <script src> (no modules, no bundler): the whole API on a `tooltype` global.
await build({ ...common, entryPoints: ["src/index.ts"], outfile: "dist/tooltype.iife.js", format: "iife", globalName: "tooltype", platform: "browser", minify: true });

// dist/cli.js: the `tooltype` command (Node only; self-contained, it recognises tools from any copy by shape).
await build({ ...common, entryPoints: ["src/cli-bin.ts"], outfile: "dist/cli.js", format: "esm", platform: "node", target: "node20", banner: { js: "#!/usr/bin/env node" } });

// Types: tsc writes one .d.ts per module under dist/types; dist/index.d.ts points at the entry.
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" });
writeFileSync("dist/index.d.ts", 'export * from "./types/index.js";\n');
writeFileSync("dist/builtins.d.ts", 'export * from "./types/builtins/index.js";\n');

console.log(`build: dist/ (index, builtins, iife, cli) and types in ${Date.now() - started} ms`);
