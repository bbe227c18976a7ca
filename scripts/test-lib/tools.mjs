// Finds a working esbuild / deno / bun binary in node_modules.
//
// node_modules/.bin/<tool> is tried first. Bun's npm package ships bin/bun.exe as a placeholder shell script
// that its postinstall script replaces with the real binary; when an npm policy (or --ignore-scripts) kept that
// script from running, the binary is still present in the optional platform package (@oven/bun-<os>-<cpu>),
// so that is used instead. Deno's and esbuild's bin entries are Node wrappers that find their platform
// package themselves, so they work without install scripts.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const FALLBACKS = {
  bun: (root) => platformBinaries(root, "@oven", (name) => name.startsWith("bun-"), ["bin/bun", "bin/bun.exe"]),
  deno: (root) => platformBinaries(root, "@deno", () => true, ["deno", "deno.exe"]),
  esbuild: (root) => platformBinaries(root, "@esbuild", () => true, ["bin/esbuild", "esbuild.exe"]),
};

function platformBinaries(root, scope, accept, files) {
  const dir = join(root, "node_modules", scope);
  let names = [];
  try {
    names = readdirSync(dir).filter(accept);
  } catch {}
  return names.flatMap((n) => files.map((f) => join(dir, n, f))).filter((p) => existsSync(p));
}

/** First line of `<bin> --version`, or null when it does not run. */
export function versionOf(bin) {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 })
      .split("\n")[0]
      .trim();
  } catch {
    return null;
  }
}

/** { bin, version, fallback } for a working binary of `tool`, or { bin: null, tried } when none runs. */
export function findTool(root, tool) {
  const candidates = [join(root, "node_modules/.bin", tool), ...(FALLBACKS[tool]?.(root) ?? [])];
  for (const [i, bin] of candidates.entries()) {
    const version = versionOf(bin);
    if (version) return { bin, version, fallback: i > 0 };
  }
  return { bin: null, tried: candidates };
}
