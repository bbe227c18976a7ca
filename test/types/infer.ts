// Static types: compiled by `tsc -p test/types/tsconfig.json` (no emit). A wrong type is a compile error.
import { t, compile, standard, type Infer, type InferJSON, type StandardSchemaV1 } from "tooltype";
import { Type } from "@sinclair/typebox";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
// Assignable both ways: for types TypeScript leaves deferred, where Equal's identity test is too strict.
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
function expect<T extends true>(): void {}

// Primitives and special strings: decoded types for tools, wire types for guards.
expect<Equal<Infer<ReturnType<typeof t.string>>, string>>();
expect<Equal<Infer<ReturnType<typeof t.integer>>, number>>();
expect<Equal<Infer<ReturnType<typeof t.boolean>>, boolean>>();
expect<Equal<Infer<ReturnType<typeof t.null>>, null>>();
expect<Equal<Infer<ReturnType<typeof t.any>>, unknown>>();
const when = t.datetime();
expect<Equal<Infer<typeof when>, Date>>();
expect<Equal<InferJSON<typeof when>, string>>();
const blob = t.bytes();
expect<Equal<Infer<typeof blob>, Uint8Array>>();
expect<Equal<InferJSON<typeof blob>, string>>();

// Literals and enums, from arrays and TypeScript enums.
const unit = t.enum(["celsius", "fahrenheit"]);
expect<Equal<Infer<typeof unit>, "celsius" | "fahrenheit">>();
expect<Equal<Infer<ReturnType<typeof t.literal<3>>>, 3>>();
enum Level {
  Low = 1,
  High = 2,
}
const level = t.enum(Level);
expect<Equal<Infer<typeof level>, Level.Low | Level.High>>();

// Collections.
const tags = t.set(t.string());
expect<Equal<Infer<typeof tags>, Set<string>>>();
expect<Equal<InferJSON<typeof tags>, string[]>>();
const list = t.array(); // untyped: a list of strings (seed 000)
expect<Mutual<Infer<typeof list>, string[]>>();
const pair = t.tuple([t.string(), t.integer()]);
expect<Equal<Infer<typeof pair>, [string, number]>>();
const rest = t.tuple([t.string()], t.boolean());
expect<Equal<Infer<typeof rest>, [string, ...boolean[]]>>();
const dates = t.tuple([], t.datetime());
expect<Equal<Infer<typeof dates>, Date[]>>();
expect<Equal<InferJSON<typeof dates>, string[]>>();
const prices = t.record(t.number());
expect<Equal<Infer<typeof prices>, Record<string, number>>>();

// Objects: optional, defaulted (present in code, optional on the wire), nullable, nested.
const weather = t.object({
  location: t.string(),
  unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
  days: t.optional(t.integer()),
  note: t.nullable(t.string()),
  at: t.optional(t.datetime()),
});
expect<
  Equal<
    Infer<typeof weather>,
    { location: string; unit: "celsius" | "fahrenheit"; note: string | null; days?: number; at?: Date }
  >
>();
expect<
  Equal<
    InferJSON<typeof weather>,
    { location: string; note: string | null; unit?: "celsius" | "fahrenheit"; days?: number; at?: string }
  >
>();

// Unions and named types.
const id = t.union([t.string(), t.integer()]);
expect<Equal<Infer<typeof id>, string | number>>();
const Turn = t.named("Turn", t.object({ a: t.string() }));
expect<Equal<Infer<typeof Turn>, { a: string }>>();
interface Tree {
  value: number;
  children: Tree[];
}
const TreeD = t.recursive<Tree>("Tree", (self) => t.object({ value: t.number(), children: t.array(self) }));
expect<Equal<Infer<typeof TreeD>, Tree>>();

// Guards narrow to the wire type; TypeBox schemas narrow to their static type; plain schemas to unknown.
declare const input: unknown;
const isWeather = compile(weather);
if (isWeather(input)) {
  expect<Equal<typeof input, InferJSON<typeof weather>>>();
}
const isTb = compile(Type.Object({ q: Type.String() }));
if (isTb(input)) expect<Equal<typeof input, { q: string }>>();
const plain = compile({ type: "string" });
expect<Equal<ReturnType<typeof plain.assert>, unknown>>();

// Standard Schema: guards and standard(d) are Standard Schemas; descriptors are plain data.
const std: StandardSchemaV1<InferJSON<typeof weather>> = isWeather;
expect<Equal<StandardSchemaV1.InferInput<typeof isWeather>, InferJSON<typeof weather>>>();
const lazy = standard(weather);
expect<Equal<StandardSchemaV1.InferOutput<typeof lazy>, InferJSON<typeof weather>>>();
const written: Record<string, unknown> = lazy["~standard"].jsonSchema.input({ target: "draft-07" });
// @ts-expect-error a descriptor carries no ~standard: compile it or wrap it with standard()
const notStd: StandardSchemaV1 = weather;
void std, written, notStd;

// Options are checked by type as well as at run time.
// @ts-expect-error a string has no minimum
t.string({ minimum: 1 });
// @ts-expect-error a default must fit the type
t.integer({ default: "one" });
// @ts-expect-error properties must be descriptors
t.object({ a: { type: "string" } });
