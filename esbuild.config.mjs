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

// Types: tsc writes one .d.ts per module under dist/types; dist/index.d.ts points at the entry.
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" });
writeFileSync("dist/index.d.ts", 'export * from "./types/index.js";\n');

console.log(`build: dist/index.js and types in ${Date.now() - started} ms`);
