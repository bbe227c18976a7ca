/**
 * The module hooks behind `node --import tooltype/register` (see register.ts): every TypeScript file Node loads
 * goes through tooltype/build's transform first, so `functionToTool(fn)` gets the types and JSDoc that type
 * stripping, or a loader such as tsx, would drop.
 */
// @ts-expect-error: the package is type-checked without Node's types; this module runs only in Node's hooks thread
import * as nodeModule from "node:module";
// @ts-expect-error: as above
import { readFile } from "node:fs/promises";
// @ts-expect-error: as above
import { fileURLToPath } from "node:url";
import { createTransform, TYPESCRIPT_FILES } from "./transform.js";

/** What a load hook returns (Node's `LoadFnOutput`, the part used here). */
export interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array | null;
  shortCircuit?: boolean;
}
/** Node's `nextLoad`. */
export type NextLoad = (url: string, context?: object) => Promise<LoadResult>;

const transform = createTransform();
const TYPESCRIPT_FORMATS = new Set(["module-typescript", "commonjs-typescript"]);
const text = (source: LoadResult["source"]) =>
  typeof source === "string" ? source : source == null ? undefined : new TextDecoder().decode(source);

/** Node's type stripping (22.13+), for code another loader already compiled from the file before we saw it. */
const strip = (code: string, url: string): string => {
  const stripTypes = (nodeModule as { stripTypeScriptTypes?: (code: string, options: object) => string })
    .stripTypeScriptTypes;
  if (!stripTypes) {
    throw new Error(
      `tooltype/register: ${url} was compiled by another loader before tooltype read it, and this Node has no ` +
        "module.stripTypeScriptTypes to compile tooltype's reading of it (Node 22.13 or later has it)",
    );
  }
  return stripTypes(code, { mode: "transform", sourceUrl: url });
};

/**
 * Node's `load` hook: TypeScript files outside node_modules that use tooltype are transformed. When Node's type
 * stripping loads the file, the transformed TypeScript goes on to it; when another loader (tsx) has compiled the
 * file already, the file is read again, transformed, and its types stripped here.
 *
 * @example
 * // register.ts: register(new URL("./register-hooks.js", import.meta.url)) — Node then calls load(url, context,
 * // nextLoad)
 */
export async function load(url: string, context: object, nextLoad: NextLoad): Promise<LoadResult> {
  const result = await nextLoad(url, context);
  const path = url.split(/[?#]/)[0] ?? url;
  if (!url.startsWith("file:") || !TYPESCRIPT_FILES.test(path) || /[\\/]node_modules[\\/]/.test(path)) return result;
  const file: string = fileURLToPath(path);
  if (TYPESCRIPT_FORMATS.has(String(result.format))) {
    const code = text(result.source);
    const out = code === undefined ? undefined : transform(code, file);
    return out === undefined ? result : { ...result, source: out };
  }
  if (result.format !== "module") return result; // CommonJS from another loader: left as it compiled it
  const original: string = await readFile(file, "utf8");
  const out = transform(original, file);
  return out === undefined ? result : { ...result, source: strip(out, url) };
}
