import { readSegment } from "../util/pointer.js";
import { setOwn } from "../util/own.js";

/** How deep `lenientArguments` follows a value and its schema; deeper parts are left as they are. */
const MAX_DEPTH = 64;

/**
 * Reads arguments a model sent in the near-JSON forms models often produce, and returns what they were meant
 * to be, or `undefined` when nothing could be fixed:
 *
 * - text in a Markdown code fence (`` ```json ... ``` ``), trailing commas, single-quoted strings and keys;
 * - guided by the tool's JSON Schema: an object or array sent as a JSON string (`"[1, 2]"` where an array
 *   is expected), a number sent as a string (`"42"` where a number or integer is expected).
 *
 * The result is a guess: the loop adopts it only when the tool's guard then accepts it.
 *
 * @example
 * lenientArguments("```json\n{'city': 'Paris', 'days': '3',}\n```", {
 *   type: "object",
 *   properties: { days: { type: "integer" } },
 * });
 * // { city: "Paris", days: 3 }
 */
export function lenientArguments(args: unknown, schema: object): unknown {
  let value = args;
  let changed = false;
  if (typeof value === "string") {
    const read = readLenient(value);
    if (read === NOTHING) return undefined;
    value = read;
    changed = true;
  }
  const coerced = coerce(value, schema as Schema, schema as Schema, 0);
  if (coerced !== value) {
    value = coerced;
    changed = true;
  }
  return changed ? value : undefined;
}

const NOTHING = Symbol("nothing");

// Text to a value: as JSON, else without its code fence, trailing commas and single quotes.
function readLenient(raw: string): unknown {
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  text = unfenced(text.trim());
  for (const candidate of [text, rewrite(text)]) {
    if (candidate === undefined) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next form
    }
  }
  return NOTHING;
}

/**
 * The text inside a Markdown code fence (`` ```json ... ``` ``), or the text itself. Read with string
 * operations, each a single pass: a regular expression for this backtracked quadratically on a long
 * unclosed fence, and the text is the model's.
 */
function unfenced(text: string): string {
  if (text.length < 6 || !text.startsWith("```") || !text.endsWith("```")) return text;
  let at = 3;
  while (at < text.length - 3 && /[\w-]/.test(text[at]!)) at++; // the language tag
  while (at < text.length - 3 && (text[at] === " " || text[at] === "\t")) at++;
  return text.slice(at, text.length - 3).trim();
}

/**
 * Near-JSON to JSON in one pass: single-quoted strings become double-quoted (inner `"` escaped, `\'`
 * unescaped), a comma before `}` or `]` is dropped. Undefined when nothing needed changing.
 */
function rewrite(text: string): string | undefined {
  const out: string[] = [];
  let changed = false;
  let i = 0;
  let run = 0; // start of the text copied as it is
  const flush = (to: number) => {
    if (to > run) out.push(text.slice(run, to));
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      // A double-quoted string: skipped as it is.
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "'") {
      flush(i);
      changed = true;
      const piece: string[] = ['"'];
      i++;
      while (i < text.length && text[i] !== "'") {
        const d = text[i]!;
        if (d === "\\" && text[i + 1] === "'") {
          piece.push("'");
          i += 2;
        } else if (d === "\\") {
          piece.push(text.slice(i, i + 2));
          i += 2;
        } else {
          piece.push(d === '"' ? '\\"' : d);
          i++;
        }
      }
      piece.push('"');
      out.push(piece.join(""));
      i++;
      run = i;
    } else if (c === ",") {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === "}" || text[j] === "]") {
        flush(i);
        changed = true;
        run = i + 1;
      }
      i++;
    } else i++;
  }
  flush(text.length);
  return changed ? out.join("") : undefined;
}

type Schema = { readonly [key: string]: unknown };

const typesOf = (schema: Schema): readonly string[] =>
  typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];

// A schema through its local `$ref` (`#`, `#/$defs/...`, `#/definitions/...`), or itself.
function resolved(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; hops < 8 && typeof current.$ref === "string"; hops++) {
    const ref = current.$ref as string;
    if (ref === "#") current = root;
    else {
      const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
      const defs = match ? root[match[1]!] : undefined;
      const name = match ? readSegment(match[2]!) : "";
      const target =
        typeof defs === "object" && defs !== null && Object.hasOwn(defs, name) ? (defs as Schema)[name] : undefined;
      if (typeof target !== "object" || target === null) return current;
      current = target as Schema;
    }
  }
  return current;
}

// The value with strings turned into what the schema asks for, where it clearly asks for something else.
function coerce(value: unknown, schemaIn: unknown, root: Schema, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof schemaIn !== "object" || schemaIn === null) return value;
  const schema = resolved(schemaIn as Schema, root);
  const types = typesOf(schema);
  if (typeof value === "string" && !types.includes("string") && types.length) {
    const text = value.trim();
    if ((types.includes("object") && text.startsWith("{")) || (types.includes("array") && text.startsWith("["))) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === "object" && parsed !== null) return coerce(parsed, schema, root, depth + 1);
      } catch {
        return value;
      }
    }
    if (
      (types.includes("number") || types.includes("integer")) &&
      /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)
    ) {
      const number = Number(text);
      if (Number.isFinite(number) && (types.includes("number") || Number.isInteger(number))) return number;
    }
    return value;
  }
  if (Array.isArray(value)) {
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = i < prefix.length ? prefix[i] : schema.items;
      const next = coerce(value[i], item, root, depth + 1);
      if (next !== value[i]) (copy ??= [...value])[i] = next;
    }
    return copy ?? value;
  }
  if (typeof value === "object" && value !== null) {
    const properties =
      typeof schema.properties === "object" && schema.properties !== null ? (schema.properties as Schema) : {};
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const sub = Object.hasOwn(properties, key)
        ? properties[key]
        : typeof schema.additionalProperties === "object"
          ? schema.additionalProperties
          : undefined;
      const item = (value as Record<string, unknown>)[key];
      const next = coerce(item, sub, root, depth + 1);
      if (next !== item) {
        copy ??= { ...value };
        setOwn(copy, key, next);
      }
    }
    return copy ?? value;
  }
  return value;
}
