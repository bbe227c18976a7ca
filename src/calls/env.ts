/**
 * Environment variables for `httpChat`: each provider's `http.env` names the ones its own SDK reads, and this
 * module reads them where the runtime has an environment (Node, Bun, Deno with --allow-env); never in a browser.
 */
import type { ProviderEnv, ProviderHTTP } from "./types.js";

/** Reads one environment variable. @example const read: ReadEnv = (name) => process.env[name]; */
export type ReadEnv = (name: string) => string | undefined;

/**
 * The first of `names` that is set and not empty.
 *
 * @example
 * firstEnv((name) => ({ GOOGLE_API_KEY: "g" })[name], ["GEMINI_API_KEY", "GOOGLE_API_KEY"]); // "g"
 */
export function firstEnv(read: ReadEnv, names: readonly string[]): string | undefined {
  return names.map(read).find((value): value is string => typeof value === "string" && value !== "");
}

/**
 * A provider's `http.env` for an API called with a key and a base URL, each from the first variable set.
 *
 * @example
 * const env = keyAndBaseEnv(["OPENAI_API_KEY"], ["OPENAI_BASE_URL"]); env((name) => process.env[name]);
 */
export function keyAndBaseEnv(keys: readonly string[], bases: readonly string[] = []): (read: ReadEnv) => ProviderEnv {
  return (read) => ({ apiKey: firstEnv(read, keys), baseURL: firstEnv(read, bases) });
}

/** The runtime's environment variables, or none: none in a browser, none where reading them is refused. */
function runtimeEnv(): ReadEnv {
  const g = globalThis as { document?: unknown; process?: { env?: Record<string, string | undefined> } };
  if (g.document !== undefined || typeof g.process?.env !== "object") return () => undefined;
  const env = g.process.env;
  return (name) => {
    try {
      return env[name];
    } catch {
      return undefined; // Deno without --allow-env throws
    }
  };
}

/**
 * The key and base URL the provider's environment variables give (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, ...), where
 * the runtime has an environment; `{}` in a browser or for a provider that names none.
 *
 * @example
 * providerEnv(openai.http!); // { apiKey: "sk-...", baseURL: undefined } with OPENAI_API_KEY set
 */
export function providerEnv(http: ProviderHTTP, read: ReadEnv = runtimeEnv()): ProviderEnv {
  return http.env?.(read) ?? {};
}
