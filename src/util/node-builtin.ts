/**
 * A Node built-in module where the runtime has one (Node, Deno and Bun do), else undefined (a browser). Read
 * through `process.getBuiltinModule` where it exists, else imported by a specifier held in a variable, so that a
 * bundler for the browser leaves it alone.
 *
 * @example
 * const spawn = (await nodeBuiltin<{ spawn?: Spawn }>("node:child_process"))?.spawn;
 */
export async function nodeBuiltin<T>(specifier: string): Promise<T | undefined> {
  const process = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  try {
    if (typeof process?.getBuiltinModule === "function") return process.getBuiltinModule(specifier) as T | undefined;
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as T;
  } catch {
    return undefined;
  }
}
