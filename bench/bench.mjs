// Builds bench/run.ts into .bench-build/ and runs it: `npm run bench` (add --quick for the smoke run).
import { build } from "esbuild";
import { spawnSync } from "node:child_process";

await build({
  entryPoints: ["bench/run.ts"],
  outfile: ".bench-build/run.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["esbuild"],
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
const result = spawnSync(process.execPath, [".bench-build/run.mjs", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
