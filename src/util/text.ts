// Short texts of values for messages, safe to hand to a model.

/**
 * The JSON type name of a value, as used in messages.
 *
 * @example
 * typeName(1.5); // "number"
 */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number")
    return Number.isInteger(value) ? "integer" : Number.isFinite(value) ? "number" : String(value);
  return typeof value;
}

/**
 * A short, safe rendering of a value for a message: JSON, cut at `max` characters.
 *
 * @example
 * preview({ a: 1 }); // '{"a":1}'
 */
export function preview(value: unknown, max = 40): string {
  let text: string;
  if (typeof value === "string" && value.length < max - 1 && isPlainText(value)) text = `"${value}"`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = typeName(value);
    }
  }
  return cut(text, max);
}

/**
 * `text` cut to at most `max` UTF-16 units, `…` included, never between the halves of a surrogate
 * pair: a lone half is not valid Unicode, and strict JSON parsers refuse it.
 *
 * @example
 * cut("ab😀", 3); // "ab…"
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + "…";
}

/** True when JSON writes the string as it is: no quote, backslash, control character or surrogate. */
function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}
