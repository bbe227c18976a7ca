/**
 * Removes the indentation every non-blank line after the first shares, as Python's `inspect.cleandoc` does:
 * the first line is trimmed, the others keep only what they have beyond the common indent.
 *
 * @example
 * dedent("Adds.\n    a: the first\n      more about a"); // "Adds.\na: the first\n  more about a"
 */
export function dedent(text: string): string {
  const lines = text.split("\n");
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(cut).trimEnd())].join("\n");
}
