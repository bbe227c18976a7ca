/**
 * Advice when the tools offered change from one model turn to the next: providers cache a prompt by its exact
 * prefix, and tools come first (Anthropic renders tools, then system, then messages; OpenAI and Gemini cache the
 * longest identical prefix), so a different tool list, or the same tools in another order, makes every later part
 * of the prompt miss the cache. Undefined when the list is the same (or on the first turn).
 *
 * @example
 * toolListChange(["search", "fetch"], ["search"], 2);
 * // 'step 2 offers other tools than step 1 (removed: fetch); a changed tool list ...'
 */
export function toolListChange(
  before: readonly string[] | undefined,
  now: readonly string[],
  step: number,
): string | undefined {
  if (before === undefined || (before.length === now.length && before.every((name, i) => name === now[i])))
    return undefined;
  const added = now.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !now.includes(name));
  const what =
    [added.length ? `added: ${added.join(", ")}` : "", removed.length ? `removed: ${removed.join(", ")}` : ""]
      .filter(Boolean)
      .join("; ") || "the same tools in another order";
  return `step ${step} offers other tools than step ${step - 1} (${what}); a changed tool list makes the provider's prompt cache miss from the tools on. To keep the cache, offer the same tools every step and steer with toolChoice`;
}
