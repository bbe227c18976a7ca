/**
 * `bun run` with tooltype's build-time reading: name this module in `bunfig.toml` and every TypeScript file Bun
 * loads goes through `bunPlugin()` first, so `functionToTool(fn)` gets the types and JSDoc Bun would strip.
 *
 * @example
 * # bunfig.toml
 * preload = ["tooltype/build/bun-preload"]
 */
import { bunPlugin } from "./bun.js";

declare const Bun: { plugin(plugin: ReturnType<typeof bunPlugin>): void } | undefined;

if (typeof Bun === "undefined")
  throw new Error(
    "tooltype/build/bun-preload is Bun's preload (bunfig.toml); elsewhere use esbuildPlugin() or vitePlugin()",
  );
Bun.plugin(bunPlugin());
