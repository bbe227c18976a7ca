// Static types of the tool layer: execute's arguments follow the parameters, whatever library wrote them.
import { t, tool, ToolRegistry, type ArgsOf, type ToolResult } from "tooltype";
import { Type } from "@sinclair/typebox";
import * as z from "zod";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expect<T extends true>(): void {}

const params = t.object({
  city: t.string(),
  when: t.optional(t.datetime()),
  unit: t.enum(["c", "f"], { default: "c" }),
});
expect<Equal<ArgsOf<typeof params>, { city: string; unit: "c" | "f"; when?: Date }>>();

const weather = tool({
  name: "weather",
  description: "Weather.",
  parameters: params,
  execute: (args, ctx: { user: string }) => {
    expect<Equal<typeof args, { city: string; unit: "c" | "f"; when?: Date }>>();
    return { city: args.city, by: ctx.user };
  },
});
declare const result: Awaited<ReturnType<typeof weather.execute>>;
expect<Equal<typeof result, ToolResult<{ city: string; by: string }>>>();

const tb = Type.Object({ q: Type.String(), n: Type.Optional(Type.Number()) });
expect<Equal<ArgsOf<typeof tb>, { q: string; n?: number }>>();

const zod = z.object({ q: z.string(), tags: z.array(z.string()).transform((x) => new Set(x)) });
expect<Equal<ArgsOf<typeof zod>, { q: string; tags: Set<string> }>>();

new ToolRegistry().register(
  weather,
  tool({ name: "x", description: "X.", parameters: tb, execute: ({ q }) => q.length }),
);

// @ts-expect-error execute must accept the parameters' type
tool({ name: "bad", description: "Bad.", parameters: params, execute: (args: { city: number }) => args });
