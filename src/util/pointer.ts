/**
 * Escapes one JSON Pointer segment (`~` then `/`).
 *
 * @example
 * pointerSegment("a/b~c"); // "a~1b~0c"
 */
export function pointerSegment(key: string | number): string {
  const text = String(key);
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
}

/**
 * One JSON Pointer segment read back (RFC 6901: `~1` is `/`, then `~0` is `~`).
 *
 * @example
 * readSegment("a~1b~0c"); // "a/b~c"
 */
export function readSegment(segment: string): string {
  return segment.includes("~") ? segment.replace(/~1/g, "/").replace(/~0/g, "~") : segment;
}

/**
 * One segment of a `$ref` fragment (`#/$defs/a%20b`): a URI fragment, so percent-decoded first (left as
 * it is when that is malformed), then read as a JSON Pointer segment.
 *
 * @example
 * refSegment("a%20b~1c"); // "a b/c"
 */
export function refSegment(segment: string): string {
  let text = segment;
  if (text.includes("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // not percent-encoding after all
    }
  }
  return readSegment(text);
}
