// execute's arguments are the library's own output type, for every schema library tooltype takes as parameters.
import { tool, withJSONSchema, type ArgsOf } from "tooltype";
import { Type as TypeBox1, type Static } from "typebox";
import * as zm from "zod/mini";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { Schema } from "effect";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expect<T extends true>(): void {}

// ArkType: a Type is a function; a morph's output is what execute gets.
const ark = type({ city: "string", days: "string.integer.parse" });
expect<Equal<ArgsOf<typeof ark>, { city: string; days: number }>>();
tool({ name: "ark", description: "A.", parameters: ark, execute: ({ days }) => days + 1 });

// Valibot through @valibot/to-json-schema.
const valibot = toStandardJsonSchema(v.object({ city: v.string(), days: v.optional(v.number()) }));
expect<Equal<ArgsOf<typeof valibot>, { city: string; days?: number | undefined }>>();

// Zod mini through withJSONSchema.
const Mini = zm.object({ city: zm.string() });
const mini = withJSONSchema(Mini, zm.toJSONSchema(Mini));
expect<Equal<ArgsOf<typeof mini>, { city: string }>>();

// Effect Schema: decoded types (a NumberFromString arrives as a number).
const effect = Schema.toStandardJSONSchemaV1(
  Schema.toStandardSchemaV1(Schema.Struct({ city: Schema.String, days: Schema.NumberFromString })),
);
tool({ name: "effect", description: "E.", parameters: effect, execute: ({ city, days }) => city.length + days });

// TypeBox 1.x: its static type is a type-level program tooltype cannot run without importing typebox; the
// arguments are `any`, and execute declares them with typebox's own Static.
const tb1 = TypeBox1.Object({ city: TypeBox1.String() });
tool({ name: "tb1", description: "T.", parameters: tb1, execute: (args: Static<typeof tb1>) => args.city.length });

// @ts-expect-error a morph's output is a number, not a string
tool({ name: "bad", description: "B.", parameters: ark, execute: ({ days }: { city: string; days: string }) => days });
expect<Equal<ArgsOf<typeof effect>, { readonly city: string; readonly days: number }>>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
expect<Equal<ArgsOf<typeof tb1>, any>>();
