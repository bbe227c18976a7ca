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
