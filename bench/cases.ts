// The schemas every library is measured on, each written idiomatically in each library, with a
// hand-written guard as the baseline and inputs that are valid, wrong once, and wrong five times.
import { t, type Descriptor } from "../src/index.js";
import { Type as TB, type TSchema } from "@sinclair/typebox";
import Type1 from "typebox";
import * as z from "zod";
import * as v from "valibot";
import { type } from "arktype";

/** One case: the same shape in every library. */
export interface Case {
  readonly name: string;
  readonly hand: (value: unknown) => boolean;
  readonly tooltype: Descriptor;
  readonly typebox034: TSchema;
  readonly typebox1: object;
  readonly zod: z.ZodType;
  readonly valibot: v.GenericSchema;
  readonly arktype: { allows(value: unknown): boolean };
  readonly valid: unknown;
  readonly invalid1: unknown;
  readonly invalid5: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

// 1. The typical tool parameter object of the issue: {location, unit?, days?, tags?, coords?}.
const tool: Case = {
  name: "tool object",
  hand: (x) =>
    isObj(x) &&
    typeof x.location === "string" &&
    (x.unit === undefined || x.unit === "celsius" || x.unit === "fahrenheit") &&
    (x.days === undefined || (Number.isInteger(x.days) && (x.days as number) >= 1 && (x.days as number) <= 14)) &&
    (x.tags === undefined || (Array.isArray(x.tags) && x.tags.every((s) => typeof s === "string"))) &&
    (x.coords === undefined ||
      (isObj(x.coords) && typeof x.coords.lat === "number" && typeof x.coords.lon === "number")),
  tooltype: t.object({
    location: t.string(),
    unit: t.optional(t.enum(["celsius", "fahrenheit"])),
    days: t.optional(t.integer({ minimum: 1, maximum: 14 })),
    tags: t.optional(t.array(t.string())),
    coords: t.optional(t.object({ lat: t.number(), lon: t.number() })),
  }),
  typebox034: TB.Object({
    location: TB.String(),
    unit: TB.Optional(TB.Union([TB.Literal("celsius"), TB.Literal("fahrenheit")])),
    days: TB.Optional(TB.Integer({ minimum: 1, maximum: 14 })),
    tags: TB.Optional(TB.Array(TB.String())),
    coords: TB.Optional(TB.Object({ lat: TB.Number(), lon: TB.Number() })),
  }),
  typebox1: Type1.Object({
    location: Type1.String(),
    unit: Type1.Optional(Type1.Union([Type1.Literal("celsius"), Type1.Literal("fahrenheit")])),
    days: Type1.Optional(Type1.Integer({ minimum: 1, maximum: 14 })),
    tags: Type1.Optional(Type1.Array(Type1.String())),
    coords: Type1.Optional(Type1.Object({ lat: Type1.Number(), lon: Type1.Number() })),
  }),
  zod: z.object({
    location: z.string(),
    unit: z.enum(["celsius", "fahrenheit"]).optional(),
    days: z.number().int().min(1).max(14).optional(),
    tags: z.array(z.string()).optional(),
    coords: z.object({ lat: z.number(), lon: z.number() }).optional(),
  }),
  valibot: v.object({
    location: v.string(),
    unit: v.optional(v.picklist(["celsius", "fahrenheit"])),
    days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14))),
    tags: v.optional(v.array(v.string())),
    coords: v.optional(v.object({ lat: v.number(), lon: v.number() })),
  }),
  arktype: type({
    location: "string",
    "unit?": "'celsius' | 'fahrenheit'",
    "days?": "1 <= number.integer <= 14",
    "tags?": "string[]",
    "coords?": { lat: "number", lon: "number" },
  }),
  valid: {
    location: "Paris, France",
    unit: "celsius",
    days: 3,
    tags: ["outdoor", "family"],
    coords: { lat: 48.85, lon: 2.35 },
  },
  invalid1: {
    location: "Paris, France",
    unit: "kelvin",
    days: 3,
    tags: ["outdoor", "family"],
    coords: { lat: 48.85, lon: 2.35 },
  },
  invalid5: { location: 7, unit: "kelvin", days: 0, tags: ["outdoor", 3], coords: { lat: "48.85", lon: 2.35 } },
};

// 2. Deep nesting: six levels of one-property objects ending in a string.
const deepTooltype = [1, 2, 3, 4, 5, 6].reduce<Descriptor>(
  (inner) => t.object({ next: inner, id: t.integer() }),
  t.string(),
);
const deepTb = [1, 2, 3, 4, 5, 6].reduce<TSchema>((inner) => TB.Object({ next: inner, id: TB.Integer() }), TB.String());
const deepTb1 = [1, 2, 3, 4, 5, 6].reduce<object>(
  (inner) => Type1.Object({ next: inner as never, id: Type1.Integer() }),
  Type1.String(),
);
const deepZod = [1, 2, 3, 4, 5, 6].reduce<z.ZodType>(
  (inner) => z.object({ next: inner, id: z.number().int() }),
  z.string(),
);
const deepVb = [1, 2, 3, 4, 5, 6].reduce<v.GenericSchema>(
  (inner) => v.object({ next: inner, id: v.pipe(v.number(), v.integer()) }),
  v.string(),
);
const deepValue = (leaf: unknown, id: (level: number) => unknown) =>
  [1, 2, 3, 4, 5, 6].reduce<unknown>((inner, level) => ({ next: inner, id: id(level) }), leaf);
const deepHand = (x: unknown, depth = 6): boolean =>
  depth === 0 ? typeof x === "string" : isObj(x) && Number.isInteger(x.id) && deepHand(x.next, depth - 1);
const deep: Case = {
  name: "deep nested",
  hand: (x) => deepHand(x),
  tooltype: deepTooltype,
  typebox034: deepTb,
  typebox1: deepTb1,
  zod: deepZod,
  valibot: deepVb,
  arktype: type({
    next: {
      next: {
        next: { next: { next: { next: "string", id: "number.integer" }, id: "number.integer" }, id: "number.integer" },
        id: "number.integer",
      },
      id: "number.integer",
    },
    id: "number.integer",
  }),
  valid: deepValue("leaf", (l) => l),
  invalid1: deepValue(5, (l) => l),
  invalid5: deepValue(5, (l) => (l <= 4 ? `${l}` : l)),
};

// 3. A large enum: 200 codes.
const CODES = Array.from({ length: 200 }, (_, i) => `code_${i.toString(36).padStart(3, "0")}`);
const codeSet = new Set(CODES);
const largeEnum: Case = {
  name: "large enum",
  hand: (x) =>
    isObj(x) &&
    typeof x.code === "string" &&
    codeSet.has(x.code) &&
    Array.isArray(x.also) &&
    x.also.every((c) => typeof c === "string" && codeSet.has(c)),
  tooltype: t.object({ code: t.enum(CODES), also: t.array(t.enum(CODES)) }),
  typebox034: TB.Object({
    code: TB.Union(CODES.map((c) => TB.Literal(c))),
    also: TB.Array(TB.Union(CODES.map((c) => TB.Literal(c)))),
  }),
  typebox1: Type1.Object({ code: Type1.Enum(CODES), also: Type1.Array(Type1.Enum(CODES)) }),
  zod: z.object({
    code: z.enum(CODES as [string, ...string[]]),
    also: z.array(z.enum(CODES as [string, ...string[]])),
  }),
  valibot: v.object({ code: v.picklist(CODES), also: v.array(v.picklist(CODES)) }),
  arktype: type({ code: type.enumerated(...CODES), also: type.enumerated(...CODES).array() }),
  valid: { code: CODES[150], also: [CODES[3], CODES[199], CODES[77], CODES[120]] },
  invalid1: { code: "code_zzz", also: [CODES[3], CODES[199], CODES[77], CODES[120]] },
  invalid5: { code: "x", also: ["a", "b", CODES[1], "c", "d"] },
};

// 4. Tuple-heavy: a list of [name, score, passed] rows.
const rows = (n: number, bad: (i: number) => boolean) =>
  Array.from({ length: n }, (_, i) => (bad(i) ? [`r${i}`, "x", true] : [`r${i}`, i * 1.5, i % 2 === 0]));
const tuples: Case = {
  name: "tuple-heavy",
  hand: (x) =>
    isObj(x) &&
    Array.isArray(x.rows) &&
    x.rows.every(
      (r) =>
        Array.isArray(r) &&
        r.length === 3 &&
        typeof r[0] === "string" &&
        typeof r[1] === "number" &&
        typeof r[2] === "boolean",
    ),
  tooltype: t.object({ rows: t.array(t.tuple([t.string(), t.number(), t.boolean()])) }),
  typebox034: TB.Object({ rows: TB.Array(TB.Tuple([TB.String(), TB.Number(), TB.Boolean()])) }),
  typebox1: Type1.Object({ rows: Type1.Array(Type1.Tuple([Type1.String(), Type1.Number(), Type1.Boolean()])) }),
  zod: z.object({ rows: z.array(z.tuple([z.string(), z.number(), z.boolean()])) }),
  valibot: v.object({ rows: v.array(v.tuple([v.string(), v.number(), v.boolean()])) }),
  arktype: type({ rows: type(["string", "number", "boolean"]).array() }),
  valid: { rows: rows(20, () => false) },
  invalid1: { rows: rows(20, (i) => i === 19) },
  invalid5: { rows: rows(20, (i) => i % 4 === 3) },
};

// 5. Recursive: a category tree, three levels, three children each.
interface Tree {
  name: string;
  children: Tree[];
}
const tree = (depth: number, bad: (path: string) => boolean, path = "r"): unknown => ({
  name: bad(path) ? 0 : path,
  children: depth === 0 ? [] : [0, 1, 2].map((i) => tree(depth - 1, bad, `${path}${i}`)),
});
const treeHand = (x: unknown): boolean =>
  isObj(x) && typeof x.name === "string" && Array.isArray(x.children) && x.children.every(treeHand);
const ZTree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(ZTree) }));
const VTree: v.GenericSchema<Tree> = v.object({ name: v.string(), children: v.array(v.lazy(() => VTree)) });
const recursive: Case = {
  name: "recursive",
  hand: treeHand,
  tooltype: t.recursive<Tree>("Tree", (self) => t.object({ name: t.string(), children: t.array(self) })),
  typebox034: TB.Recursive((This) => TB.Object({ name: TB.String(), children: TB.Array(This) })),
  typebox1: Type1.Cyclic(
    { Tree: Type1.Object({ name: Type1.String(), children: Type1.Array(Type1.Ref("Tree")) }) },
    "Tree",
  ),
  zod: ZTree,
  valibot: VTree,
  arktype: type({ name: "string", children: "this[]" }),
  valid: tree(3, () => false),
  invalid1: tree(3, (p) => p === "r222"),
  invalid5: tree(3, (p) => ["r0", "r11", "r22", "r101", "r212"].includes(p)),
};

export const CASES: readonly Case[] = [tool, deep, largeEnum, tuples, recursive];
