/**
 * `tooltype/build`: plain TypeScript functions become exact tools, and guards compile ahead of time. One transform
 * (`createTransform`) read with the TypeScript compiler (a peer dependency of this entry only), with adapters for
 * esbuild, Bun (`Bun.build`, and `bun run` through `tooltype/build/bun-preload`) and Vite / Rollup. `guardModule`
 * writes a guard module from a schema (what `tooltype compile` does).
 *
 * @example
 * import { esbuildPlugin } from "tooltype/build";
 * await esbuild.build({ entryPoints: ["src/app.ts"], bundle: true, minify: true, plugins: [esbuildPlugin()] });
 */
export { esbuildPlugin, type EsbuildPlugin, type EsbuildLoadResult } from "./esbuild.js";
export { bunPlugin, type BunPlugin } from "./bun.js";
export { vitePlugin, vitePlugin as rollupPlugin, type VitePlugin } from "./vite.js";
export { createTransform, TYPESCRIPT_FILES, type Transform, type TransformOptions } from "./transform.js";
export { guardCode, guardModule, type GuardCode } from "./guard-code.js";
export { BuildError, type BuildLocation } from "./build-error.js";
export type { BuildWarning } from "./options.js";
export type { ToolContext } from "./context.js";
