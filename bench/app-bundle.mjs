// How an application's bundler would ship some code: esbuild, bundled, minified ESM for the browser, and its
// size gzipped at level 9. Shared by the benchmark's size table and the bundler example's test.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

/**
 * @example
 * const { code, min, gz } = await appBundle({ stdin: { contents: 'export * from "tooltype"', resolveDir: "." } });
 */
export async function appBundle(options) {
  const result = await build({
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    ...options,
  });
  const code = result.outputFiles[0].text;
  return { result, code, min: Buffer.byteLength(code), gz: gzipSync(code, { level: 9 }).length };
}
