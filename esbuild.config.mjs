// Builds dist/: one ESM file per source module (package.json's "exports" name the entries: index.js, t/index.js,
// guard/jit.js, ...), an IIFE for classic <script> tags, the CLI, and the .d.ts files (tsc, under dist/types/).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

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
// tooltype/build's modules import "typescript", an optional peer dependency. Published, they import it through
// build/typescript.js instead, whose error names the install when the package is missing (the runtime's would only
// say it cannot find it). The line is replaced in place, so the source maps still match.
const typescriptThroughLoader = {
  name: "typescript-through-loader",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]build[\\/][^\\/]+\.ts$/ }, ({ path }) => ({
      contents: readFileSync(path, "utf8").replace(
        /^import ts from "typescript";$/m,
        'import ts from "./typescript.js";',
      ),
      loader: "ts",
    }));
  },
};
// The source ships once, as src/ in the package: the maps point at it rather than carrying a copy (sourcesContent).
await build({
  entryPoints: modules,
  outdir: "dist",
  outbase: "src",
  bundle: false,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
  plugins: [typescriptThroughLoader],
});

// dist/tooltype.iife.js: for a classic <script src> (no modules, no bundler): the whole API on a `tooltype` global.
await build({
  ...common,
  entryPoints: ["src/index.ts"],
  outfile: "dist/tooltype.iife.js",
  format: "iife",
  globalName: "tooltype",
  platform: "browser",
  minify: true,
});

// dist/cli.js: the `tooltype` command (Node only; it recognises tools from any copy by shape). Only src/cli*.ts
// are in it: it imports every other module from the tree above, so the package carries that code once.
const moduleTree = {
  name: "module-tree",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir }) => {
      const file = relative("src", join(resolveDir, path)).replaceAll("\\", "/");
      return file.startsWith("cli") ? undefined : { path: `./${file}`, external: true };
    });
  },
};
await build({
  ...common,
  entryPoints: ["src/cli-bin.ts"],
  outfile: "dist/cli.js",
  format: "esm",
  platform: "node",
  target: "node20",
  banner: { js: "#!/usr/bin/env node" },
  plugins: [moduleTree],
});

// Types: tsc writes one .d.ts per module under dist/types, which package.json's "exports" name first.
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" });

console.log(`build: dist/ (every entry, iife, cli) and types in ${Date.now() - started} ms`);
