/**
 * Runs tasks with at most `limit` at once (a fraction rounds down, as `registry.executeAll` counts), and yields
 * each `[index, result]` as it finishes. A task starts when a finished one is taken, so started and not yet taken
 * stay within the limit. Each result is queued once and taken once: linear in the number of tasks. Tasks must not
 * reject (`boundedCall` never does).
 *
 * @example
 * for await (const [index, result] of completions([() => a(), () => b()], 1)) console.log(index, result);
 */
export async function* completions<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number,
): AsyncGenerator<[number, T]> {
  const cap = Math.max(1, Math.floor(limit));
  const finished: [number, T][] = [];
  let taken = 0;
  let running = 0;
  let next = 0;
  let wake: (() => void) | undefined;
  const start = () => {
    const index = next++;
    running++;
    void tasks[index]!().then((value) => {
      running--;
      finished.push([index, value]);
      wake?.();
    });
  };
  while (next < tasks.length && running < cap) start();
  while (taken < tasks.length) {
    if (taken === finished.length) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    const done = finished[taken++]!;
    if (next < tasks.length) start();
    yield done;
  }
}
