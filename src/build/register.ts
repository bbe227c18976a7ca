/**
 * `node --import tooltype/register app.ts`: tooltype's build-time reading in Node's own TypeScript loop (type
 * stripping, Node 22.18+ and 23.6+; or `--experimental-strip-types` from 22.6), and under tsx
 * (`tsx --import tooltype/register app.ts`). Every TypeScript file Node loads goes through tooltype/build's
 * transform, so `functionToTool(fn)` gets the types and JSDoc that stripping drops. Needs the `typescript` package,
 * as tooltype/build does. This is Node's counterpart of Bun's preload, `tooltype/build/bun-preload`.
 *
 * @example
 * // package.json
 * { "scripts": { "start": "node --import tooltype/register src/app.ts" } }
 */
// @ts-expect-error: the package is type-checked without Node's types; this entry runs only in Node
import * as nodeModule from "node:module";

const register = (nodeModule as { register?: (specifier: URL) => void }).register;
if (typeof register !== "function")
  throw new Error(
    "tooltype/register needs Node's module.register (Node 20.6 or later); in Bun use tooltype/build/bun-preload, " +
      "elsewhere esbuildPlugin() or vitePlugin() from tooltype/build",
  );
register(new URL("./register-hooks.js", import.meta.url));
