/**
 * Runs tasks with at most `limit` at once, and yields each `[index, result]` as it finishes. Tasks must not
 * reject (`boundedCall` never does).
 *
 * @example
 * for await (const [index, result] of completions([() => a(), () => b()], 1)) console.log(index, result);
 */
export async function* completions<T>(tasks: readonly (() => Promise<T>)[], limit: number): AsyncGenerator<[number, T]> {
  const running = new Map<number, Promise<[number, T]>>();
  let next = 0;
  const start = () => {
    const index = next++;
    running.set(index, tasks[index]!().then((value): [number, T] => [index, value]));
  };
  while (next < tasks.length && running.size < limit) start();
  while (running.size) {
    const done = await Promise.race(running.values());
    running.delete(done[0]);
    if (next < tasks.length) start();
    yield done;
  }
}
