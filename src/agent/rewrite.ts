import { field, list } from "../calls/wire.js";

/** The providers whose assistant turns `withArguments` can rewrite. @example REWRITABLE.has("gemini") // true */
export const REWRITABLE: ReadonlySet<string> = new Set(["openai", "responses", "anthropic", "gemini"]);

/**
 * The assistant turn with some calls' arguments replaced (by the call's position among the turn's calls,
 * as the adapter lists them), so the conversation shows the arguments each tool really ran on: a repaired
 * call is never presented to the model as the text it sent. Entries are copied, never changed in place.
 * Returns undefined for a provider whose turns it cannot rewrite.
 *
 * @example
 * withArguments("openai", [assistant], new Map([[0, { city: "Paris" }]]));
 */
export function withArguments(
  provider: string,
  entries: readonly unknown[],
  replace: ReadonlyMap<number, unknown>,
): unknown[] | undefined {
  let position = 0;
  const next = (): number => position++;
  const swap = <T>(value: T, make: (args: unknown) => T): T => {
    const at = next();
    return replace.has(at) ? make(replace.get(at)) : value;
  };
  const json = (args: unknown) => (typeof args === "string" ? args : JSON.stringify(args));
  switch (provider) {
    case "openai":
      return entries.map((m) => {
        const calls = list(m, "tool_calls");
        if (!calls.length) return m;
        const rewritten = calls.map((c) =>
          field(c, "type") === undefined || field(c, "type") === "function"
            ? swap(c, (args) => ({
                ...(c as object),
                function: { ...(field(c, "function") as object), arguments: json(args) },
              }))
            : c,
        );
        return { ...(m as object), tool_calls: rewritten };
      });
    case "responses":
      return entries.map((item) =>
        field(item, "type") === "function_call"
          ? swap(item, (args) => ({ ...(item as object), arguments: json(args) }))
          : item,
      );
    case "anthropic":
      return entries.map((m) => {
        const content = field(m, "content");
        if (!Array.isArray(content)) return m;
        return {
          ...(m as object),
          content: content.map((b) =>
            field(b, "type") === "tool_use" ? swap(b, (input) => ({ ...(b as object), input })) : b,
          ),
        };
      });
    case "gemini":
      return entries.map((c) => {
        const parts = list(c, "parts");
        if (!parts.length) return c;
        return {
          ...(c as object),
          parts: parts.map((p) =>
            field(p, "functionCall") !== undefined
              ? swap(p, (args) => ({
                  ...(p as object),
                  functionCall: { ...(field(p, "functionCall") as object), args },
                }))
              : p,
          ),
        };
      });
    default:
      return undefined;
  }
}
