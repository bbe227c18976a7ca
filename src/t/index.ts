/**
 * `tooltype/t`: the builders and their types, nothing else. Descriptors are plain data, so an app that
 * only describes types carries no guard, schema writer or tool code. Each builder is also exported by
 * itself, so `import * as t` carries only the builders the app calls (esbuild, Rollup and Vite drop the
 * rest); `import { t }` is one object, so it carries them all.
 *
 * @example
 * import * as t from "tooltype/t";
 * const Point = t.object({ x: t.number(), y: t.number() });
 * type Point = t.Infer<typeof Point>; // { x: number; y: number }
 */
export * from "./builders.js";
export { Kind, isDescriptor } from "./symbols.js";
export type { Descriptor, Infer, InferJSON, OptionalFlag, DefaultFlag } from "./descriptor.js";
export type { StringOptions, NumberOptions, ArrayOptions, ObjectOptions, Annotations } from "./options.js";
export type { TString, TNumber, TBoolean, TNull, TAny } from "./primitives.js";
export type { TDateTime, TDate, TTime, TBytes } from "./string-formats.js";
export type { TEnum, Primitive } from "./literal.js";
export type { TArray, TSet, TTuple } from "./array.js";
export type { TObject, TRecord, Properties } from "./object.js";
export type { TNullable } from "./modifiers.js";
export type { TUnion } from "./union.js";
