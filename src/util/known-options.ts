/**
 * Throws a `TypeError` naming each option `where` does not know, with the closest known name when one is near
 * (a misspelt option would otherwise be ignored in silence: `needsAproval: true` would run a tool unasked).
 *
 * @example
 * checkKnownOptions({ needsAproval: true }, { needsApproval: true }, "tool");
 * // TypeError: tool: unknown option needsAproval (did you mean needsApproval?)
 */
export function checkKnownOptions(options: object, known: Readonly<Record<string, true>>, where: string): void {
  const unknown = Object.keys(options).filter((name) => !Object.hasOwn(known, name));
  if (!unknown.length) return;
  const names = Object.keys(known);
  const described = unknown.map((name) => {
    const near = closestName(name, names);
    return `${name}${near ? ` (did you mean ${near}?)` : ""}`;
  });
  throw new TypeError(
    `${where}: unknown option${unknown.length > 1 ? "s" : ""} ${described.join(", ")}; known: ${names.join(", ")}`,
  );
}

/**
 * The name nearest to `name` by edit distance (letter case ignored), when it is near enough to be a slip.
 *
 * @example
 * closestName("maxStep", ["maxSteps", "timeout"]); // "maxSteps"
 */
export function closestName(name: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

// Levenshtein distance, one row at a time.
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length]!;
}
