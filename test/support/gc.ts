// Shared by the hostile-input suites that measure memory.

/**
 * A way to collect garbage first, so a memory figure counts what is kept, not what is waiting to be freed:
 * Node (through node:v8), Bun (Bun.gc); undefined where there is none (Deno, browsers).
 *
 * @example
 * const gc = await collector(); gc?.(); // then read memoryUsage()
 */
export async function collector(): Promise<(() => void) | undefined> {
  const g = globalThis as { gc?: () => void; Bun?: { gc?: (force: boolean) => void }; Deno?: unknown };
  if (typeof g.gc === "function") return () => g.gc!();
  if (typeof g.Bun?.gc === "function") return () => g.Bun!.gc!(true);
  if (g.Deno) return undefined;
  try {
    const [v8name, vmname] = ["node:v8", "node:vm"]; // variables: browser bundles never see them
    const v8 = (await import(v8name)) as { setFlagsFromString(flags: string): void };
    const vm = (await import(vmname)) as { runInNewContext(code: string): unknown };
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc");
    return typeof gc === "function" ? () => (gc as () => void)() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Memory as `read` gives it once garbage is collected and freed: V8 frees array buffers' bytes on a background
 * thread after a collection, so on a busy machine one reading right after `gc()` may still count them. Collects,
 * lets a macrotask pass, reads, up to `rounds` times, and gives the least reading; memory that is really kept stays
 * in every reading, so a leak still shows.
 *
 * @example
 * const gc = await collector();
 * const before = gc && (await settledMemory(gc, heapUsed));
 */
export async function settledMemory(gc: () => void, read: () => number | undefined, rounds = 8) {
  let least: number | undefined;
  for (let i = 0; i < rounds; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10 * i));
    const now = read();
    if (now !== undefined) least = least === undefined ? now : Math.min(least, now);
  }
  return least;
}
