// Bundle sizes of representative imports, built with esbuild (minified) and measured gzipped. tooltype is
// imported by its package name, as users do, so the built dist/ and `"sideEffects": false` are what count.
import { appBundle } from "./app-bundle.mjs";

const ENTRIES: [string, string][] = [
  ["tooltype: t + toJSONSchema + compile", `import { t, toJSONSchema, compile } from "tooltype"; const d = t.object({ a: t.string() }); export default [toJSONSchema(d), compile(d)];`],
  ["tooltype: whole package", `export * from "tooltype";`],
  ["zod 4: object + safeParse + toJSONSchema", `import * as z from "zod"; const s = z.object({ a: z.string() }); export default [s.safeParse({}), z.toJSONSchema(s)];`],
  ["zod 4 mini: object + safeParse + toJSONSchema", `import * as z from "zod/mini"; const s = z.object({ a: z.string() }); export default [s.safeParse({}), z.toJSONSchema(s)];`],
  ["valibot: object + safeParse", `import * as v from "valibot"; const s = v.object({ a: v.string() }); export default v.safeParse(s, {});`],
  ["TypeBox 0.34: builder + Value.Check", `import { Type } from "@sinclair/typebox"; import { Value } from "@sinclair/typebox/value"; const s = Type.Object({ a: Type.String() }); export default Value.Check(s, {});`],
  ["TypeBox 0.34: builder + TypeCompiler", `import { Type } from "@sinclair/typebox"; import { TypeCompiler } from "@sinclair/typebox/compiler"; export default TypeCompiler.Compile(Type.Object({ a: Type.String() }));`],
  ["ajv 2020: compile", `import Ajv from "ajv/dist/2020.js"; export default new Ajv().compile({ type: "object" });`],
  ["arktype: type + allows", `import { type } from "arktype"; export default type({ a: "string" }).allows({});`],
];

/** Minified and gzipped sizes of each entry. */
export async function sizeRows(): Promise<{ name: string; min: number; gz: number }[]> {
  const out: { name: string; min: number; gz: number }[] = [];
  for (const [name, contents] of ENTRIES) {
    const { min, gz } = await appBundle({ stdin: { contents, resolveDir: process.cwd(), loader: "ts" } });
    out.push({ name, min, gz });
  }
  return out;
}
