/**
 * Where a run's effects go, and where its decisions from outside come from: the one seam between the tool loop
 * and whatever keeps a run (this process's memory, or a durable execution engine). The loop is a journal of what
 * happened: each model request and each tool call is one `step`, named so that a replay finds it (`request 2`,
 * `call 2 call_abc`); each decision from outside is one `wait`: an approval (`approval 2 call_abc`), or a person's
 * answer to a tool's `elicit` (`elicit 2 call_abc 1`; the call stops, and runs again with the answer as the step
 * `call 2 call_abc 1`), never inside a step. A durable
 * journal (`restateJournal(ctx)` from `tooltype/restate`) records each step's result and gives it back on replay
 * instead of running it again, and waits in place, across restarts, for a `wait`'s answer.
 *
 * The loop records every decision (a call approved, refused, answered without running) before it runs any call,
 * so a replay from any point never runs a refused or undecided call.
 *
 * @example
 * const journal: Journal = {
 *   step: (name, run) => ctx.run(name, run),
 *   wait: (name, payload) => ctx.promise(name).get(),
 * };
 * await runTools({ ...options, journal });
 */
export interface Journal {
  /**
   * Runs one effect and gives its result; a durable journal gives the recorded result of a step it already
   * finished (by `name`) without running it. A step's result is plain JSON, so a durable journal can store it.
   */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  /**
   * Waits for a decision from outside: `name` says which (`approval 2 call_abc`, `elicit 2 call_abc 1`), `payload`
   * what it is about (for an approval: `{ call }`; for an elicitation: `{ call, message, schema }`, the schema as
   * JSON Schema, answered by `{ action: "accept", content }`, `{ action: "decline" }` or `{ action: "cancel" }`).
   * Resolves with the answer; `undefined` when this journal cannot wait in place: then the
   * run pauses and returns its state for `resume` (the in-process journal does this).
   */
  wait(name: string, payload: unknown): Promise<unknown>;
}

/**
 * The default journal: each step runs in this process, and a `wait` pauses the run (its signed state is what
 * `resume` takes, with the answers).
 *
 * @example
 * runTools({ ...options, journal: inProcessJournal }); // the same as leaving journal out
 */
export const inProcessJournal: Journal = Object.freeze({
  step: <T>(_name: string, run: () => Promise<T>): Promise<T> => run(),
  wait: async (): Promise<undefined> => undefined,
});

/**
 * Checks a `journal` option: an object with `step` and `wait` functions.
 *
 * @example
 * const journal = journalOf(options.journal, "runTools");
 */
export function journalOf(value: unknown, caller: string): Journal {
  if (value === undefined) return inProcessJournal;
  const journal = value as Partial<Journal> | null;
  if (
    typeof journal !== "object" ||
    journal === null ||
    typeof journal.step !== "function" ||
    typeof journal.wait !== "function"
  )
    throw new TypeError(`${caller}: journal must be an object with step(name, run) and wait(name, payload) functions`);
  return journal as Journal;
}
