/**
 * The `typescript` package, which tooltype/build reads your code with (an optional peer dependency: the other
 * entries never need it). The published modules of tooltype/build import it from here (esbuild.config.mjs
 * rewrites their `import ts from "typescript"`), so that a missing package is an error that says how to install
 * it, where the runtime would only say that it cannot find the package.
 */
// @ts-expect-error: the package is type-checked without Node's types (it runs everywhere); this entry runs in Node, Deno and Bun
import { createRequire } from "node:module";
import type * as TypeScript from "typescript";

/** What `loadTypeScript` calls to load the package; a test passes one that fails. @example loadTypeScript(() => { throw missing; }) */
export type RequireTypeScript = (id: "typescript") => unknown;

/**
 * Loads the `typescript` package beside this module; when it is not installed, throws an error that names the
 * install command.
 *
 * @example
 * const ts = loadTypeScript();
 * ts.version; // "5.9.3"
 */
export function loadTypeScript(
  require: RequireTypeScript = createRequire(import.meta.url) as RequireTypeScript,
): typeof TypeScript {
  try {
    return require("typescript") as typeof TypeScript;
  } catch (error) {
    if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(
      "tooltype/build reads TypeScript with the typescript package, which is not installed here. Install it: npm install -D typescript",
      { cause: error },
    );
  }
}

/** The typescript package, loaded once. @example import ts from "./typescript.js"; ts.createSourceFile(...) */
export default loadTypeScript();
