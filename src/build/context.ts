/**
 * Marks a function's first parameter as the call's context (what `tool.execute(args, context)` passes):
 * `tooltype/build` leaves
 * it out of the schema and passes `{ context: true }`, so `tool.execute(args, context)` hands it over. A type-only
 * import; it is the type `T` itself.
 *
 * @example
 * import type { ToolContext } from "tooltype/build";
 * /** Lists the user's orders. *\/
 * function list_orders(ctx: ToolContext<{ userId: string }>, status: "open" | "shipped") { ... }
 */
export type ToolContext<T = unknown> = T;
