/**
 * The `typescript` package, which tooltype/build reads your code with (an optional peer dependency: the other
 * entries never need it). The published modules of tooltype/build import it from here (esbuild.config.mjs
 * rewrites their `import ts from "typescript"`), so that a missing package is an error that says how to install
 * it, where the runtime would only say that it cannot find the package.
 */
// @ts-expect-error: the package is type-checked without Node's types (it runs everywhere); this entry runs in Node, Deno and Bun
import { createRequire } from "node:module";
import type * as TypeScript from "typescript";

/**
 * What `loadTypeScript` calls to load a package; a test passes one that fails.
 *
 * @example
 * loadTypeScript(() => { throw missing; })
 */
export type RequireTypeScript = (id: "typescript" | "@typescript/typescript6") => unknown;

/** TypeScript's own side-by-side package: its 6.0 compiler API, for tools beside a TypeScript 7 install. */
const COMPAT = "@typescript/typescript6";
const SIDE_BY_SIDE = `npm install -D "@typescript/native@npm:typescript@^7" "typescript@npm:${COMPAT}@^6"`;

/**
 * Whether `ts` carries the JavaScript compiler API (TypeScript 5 and 6 do; TypeScript 7, the native compiler, does
 * not).
 */
const hasCompilerApi = (ts: unknown): ts is typeof TypeScript =>
  typeof (ts as { createSourceFile?: unknown } | null)?.createSourceFile === "function" &&
  typeof (ts as { ScriptTarget?: unknown }).ScriptTarget === "object";

/** Loads `id`: its module, or the error saying it is not installed; any other failure is thrown as it is. */
function optional(require: RequireTypeScript, id: "typescript" | typeof COMPAT): { module?: unknown; missing?: Error } {
  try {
    return { module: require(id) };
  } catch (error) {
    if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
    return { missing: error as Error };
  }
}

/**
 * Loads the `typescript` package beside this module. TypeScript 7 (the native compiler) has no JavaScript API yet:
 * then `@typescript/typescript6`, which TypeScript publishes for tools like this one, is loaded instead. When
 * neither gives the compiler API, throws an error that names the install command and why.
 *
 * @example
 * const ts = loadTypeScript();
 * ts.version; // "5.9.3"
 */
export function loadTypeScript(
  require: RequireTypeScript = createRequire(import.meta.url) as RequireTypeScript,
): typeof TypeScript {
  const ts = optional(require, "typescript");
  if (hasCompilerApi(ts.module)) return ts.module;
  const compat = optional(require, COMPAT).module;
  if (hasCompilerApi(compat)) return compat;
  if (ts.missing) {
    throw new Error(
      "tooltype/build reads TypeScript with the typescript package, which is not installed here. " +
        `Install it: npm install -D typescript@6 (or, to keep TypeScript 7's tsc, ${SIDE_BY_SIDE})`,
      { cause: ts.missing },
    );
  }
  const version = String((ts.module as { version?: unknown }).version ?? "unknown");
  throw new Error(
    `tooltype/build reads your code with TypeScript's JavaScript compiler API, which typescript ${version} ` +
      `does not have (TypeScript 7 is the native compiler; its API is not stable yet). Install TypeScript 6 ` +
      `beside it, as TypeScript advises for such tools: ${SIDE_BY_SIDE}. Or use TypeScript 6 alone: npm install -D typescript@6`,
  );
}

/** The typescript package, loaded once. @example import ts from "./typescript.js"; ts.createSourceFile(...) */
export default loadTypeScript();
