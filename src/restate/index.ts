import type { Journal } from "../agent/journal.js";

/**
 * What `restateJournal` uses of a Restate handler's context (`@restatedev/restate-sdk`'s `Context`,
 * `ObjectContext` or `WorkflowContext`): `run` for steps, and a durable promise (`promise`, in a workflow) or an
 * awakeable for waits. Declared here by shape, so `tooltype/restate` imports nothing of the SDK.
 *
 * @example
 * const journal = restateJournal(ctx as RestateContext);
 */
export interface RestateContext {
  run<T>(name: string, action: () => Promise<T>): PromiseLike<T>;
  awakeable<T>(): { readonly id: string; readonly promise: PromiseLike<T> };
  /** A workflow's durable promise by name (`WorkflowContext` only): resolved from outside by a shared handler. */
  promise?<T>(name: string): { get(): PromiseLike<T> };
}

/**
 * A wait as `restateJournal` announces it: its name (`approval 2 call_abc`), what it is about, and the awakeable's
 * id that answers it (`POST /restate/awakeables/{id}/resolve` on the ingress, or `ctx.resolveAwakeable(id, answer)`).
 *
 * @example
 * {
 *   name: "approval 1 call_e",
 *   payload: { call: { id: "call_e", name: "send_email", arguments: { to: "ann@example.org" } } },
 *   awakeable: "sign_1…",
 * }
 */
export interface RestateWait {
  readonly name: string;
  readonly payload: unknown;
  readonly awakeable: string;
}

/**
 * Options of `restateJournal`.
 *
 * @example
 * restateJournal(ctx, { announce: (wait) => db.insert("approvals", wait) });
 */
export interface RestateJournalOptions {
  /**
   * Tells the outside world about a wait, so a person can answer it (store it, send a message). Runs as a step
   * (once, even across restarts). Needed with a `Context` or `ObjectContext`; in a workflow (`WorkflowContext`)
   * without it, a wait is the workflow's durable promise of the same name, resolved by a shared handler.
   */
  readonly announce?: (wait: RestateWait) => unknown;
}

/**
 * The loop's journal in a Restate handler: each model request and tool call is a `ctx.run` step (its result kept
 * by Restate, so a replay after a crash does not run it again; a call cut off by the crash runs again with the
 * same `idempotencyKey`), and each approval is a durable promise (in a workflow) or an awakeable that waits across
 * restarts for its answer (`true`, `false` or `{ approved, reason }`). The handler should give the loop a
 * deterministic `chat` and tools: everything between steps runs again on replay.
 *
 * The SDK uses `Promise.withResolvers` (Node 22+); on Node 20 load a polyfill first:
 * `node --import ./with-resolvers.mjs service.mjs` (see docs/durable.md).
 *
 * @example
 * import * as restate from "@restatedev/restate-sdk";
 * import { runTools } from "tooltype/agent";
 * import { restateJournal } from "tooltype/restate";
 * const agent = restate.service({
 *   name: "agent",
 *   handlers: {
 *     run: async (ctx: restate.Context, question: string) => {
 *       const journal = restateJournal(ctx, { announce });
 *       return (await runTools({ provider: openai, chat, request: ask(question), tools, journal })).text;
 *     },
 *   },
 * });
 */
export function restateJournal(ctx: RestateContext, options: RestateJournalOptions = {}): Journal {
  if (typeof ctx !== "object" || ctx === null || typeof ctx.run !== "function" || typeof ctx.awakeable !== "function")
    throw new TypeError("restateJournal: expects a Restate handler's context (with run and awakeable)");
  const { announce } = options;
  if (announce !== undefined && typeof announce !== "function")
    throw new TypeError("restateJournal: announce must be a function that tells the outside world about a wait");
  return {
    step: (name, run) => Promise.resolve(ctx.run(name, run)),
    wait: async (name, payload) => {
      if (!announce && typeof ctx.promise === "function") return ctx.promise(name).get();
      if (!announce)
        throw new TypeError(
          `restateJournal: "${name}" waits for an answer from outside; give announce (or use a workflow, whose durable promise "${name}" answers it)`,
        );
      const { id, promise } = ctx.awakeable<unknown>();
      await ctx.run(`announce ${name}`, async () => void (await announce({ name, payload, awakeable: id })));
      return promise;
    },
  };
}

export type { Journal } from "../agent/journal.js";
