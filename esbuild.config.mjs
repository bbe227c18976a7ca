// Builds dist/index.js (one ESM bundle, tree-shakeable) and its .d.ts files (tsc).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";

const started = Date.now();
rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });

await build({
  entryPoints: ["src/index.ts"],
  outfile: "dist/index.js",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
});

// dist/builtins.js ("tooltype/builtins"): its imports of the core ("../index.js") stay imports of ./index.js,
// so both entry points share one Tool class (ToolRegistry checks instanceof).
await build({
  entryPoints: ["src/builtins/index.ts"],
  outfile: "dist/builtins.js",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [{ name: "core-from-index", setup: (b) => b.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: "./index.js", external: true })) }],
});

// dist/cli.js: the `tooltype` command (Node only; self-contained, it recognises tools from any copy by shape).
await build({
  entryPoints: ["src/cli-bin.ts"],
  outfile: "dist/cli.js",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  banner: { js: "#!/usr/bin/env node" },
  legalComments: "none",
  logLevel: "warning",
});

// Types: tsc writes one .d.ts per module under dist/types; dist/index.d.ts points at the entry.
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" });
writeFileSync("dist/index.d.ts", 'export * from "./types/index.js";\n');
writeFileSync("dist/builtins.d.ts", 'export * from "./types/builtins/index.js";\n');

console.log(`build: dist/index.js and types in ${Date.now() - started} ms`);
