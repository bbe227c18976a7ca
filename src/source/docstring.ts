/** A parameter as a docstring describes it. */
export interface DocParameter {
  description?: string;
  /** The type as written (`number`, `list[int]`, `Literal['a', 'b']`). */
  type?: string;
  /** JSDoc `[name]` or `[name=default]`, Google `(int, optional)`. */
  optional?: boolean;
  /** The default written in the docs (`[b=2]`), as text. */
  default?: string;
}

/**
 * What a docstring says, in any of the styles it understands.
 *
 * @example
 * parseDocstring("Adds two numbers.\n@param a - The first.\n@param [b=2] - The second.");
 * // { description: "Adds two numbers.", parameters: { a: { description: "The first." }, b: { optional: true, default:
 * // "2", description: "The second." } } }
 */
export interface Docstring {
  /** The text before the first section. */
  description: string;
  parameters: Record<string, DocParameter>;
  returns?: { type?: string; description?: string };
}

/**
 * Reads a docstring written in JSDoc (`@param {type} [name=default] - text`), Google (`Args:`),
 * Sphinx (`:param name:` / `:type name:`) or NumPy (`Parameters` + `----------`) style; styles may mix.
 * A tag or field starts a line, except in a one-line docstring (`"Scales. @param {number} f how much"`),
 * where one also starts after a space in the middle (never inside `{...}` or a code span).
 *
 * @example
 * parseDocstring("Adds.\n@param {number} a - First\n@returns {number} The sum");
 * // { description: "Adds.", parameters: { a: { type: "number", description: "First" } }, returns: { type: "number",
 * // description: "The sum" } }
 */
export function parseDocstring(text: string): Docstring {
  const doc: Docstring = { description: "", parameters: Object.create(null) };
  const lines =
    text.includes("\n") || text.includes("\r") ? text.replace(/\r\n?/g, "\n").split("\n") : splitOneLine(text);
  const description: string[] = [];
  let section: "none" | "google-args" | "google-returns" | "numpy-params" | "numpy-returns" | "other" = "none";
  let current: DocParameter | { description?: string } | undefined;
  let sectionIndent = 0;
  let entryIndent = 0; // indentation of the current Google-style entry; deeper lines continue it

  const param = (name: string): DocParameter => (doc.parameters[name] ??= {});
  const append = (target: { description?: string } | undefined, more: string) => {
    if (target && more) target.description = target.description ? `${target.description} ${more}` : more;
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    const indent = raw.length - raw.trimStart().length;
    if (!line) {
      if (section === "none" && !current) description.push("");
      continue;
    }

    // JSDoc tags.
    // A JSDoc type may nest braces (`{{ name: string }[]}`): it is cut out by counting them, then the rest is matched.
    const tag = /^@(param|arg|argument|property|prop|returns?)\b\s*/.exec(line);
    const braced = tag ? bracedType(line, tag[0].length) : undefined;
    const jsdoc = tag
      ? `@${tag[1]} ${braced ? "{} " : ""}${line.slice(braced ? braced.end : tag[0].length).trimStart()}`
      : line;
    let m = /^@(param|arg|argument|property|prop)\s+(?:\{\}\s*)?(\[[^\]]*\]|[\w$.]+)\s*(?:-\s*)?(.*)$/.exec(jsdoc);
    if (m) {
      const [, , rawName, rest] = m;
      const type = braced?.type;
      const bracket = rawName!.startsWith("[");
      const [name, fallback] = (bracket ? rawName!.slice(1, -1) : rawName!).split("=").map((s) => s.trim());
      const p = param(stripPrefix(name!));
      if (type) p.type = type.trim();
      if (bracket) p.optional = true;
      if (fallback !== undefined) p.default = fallback;
      if (rest) p.description = rest.trim();
      current = p;
      section = "other";
      continue;
    }
    m = /^@(returns?)\s*(?:\{\}\s*)?(?:-\s*)?(.*)$/.exec(jsdoc);
    if (m) {
      doc.returns = { ...(braced?.type && { type: braced.type }), ...(m[2] && { description: m[2].trim() }) };
      current = doc.returns;
      section = "other";
      continue;
    }
    if (/^@\w+/.test(line)) {
      current = undefined;
      section = "other";
      continue;
    }

    // Sphinx fields.
    m = /^:param\s+(?:(.+?)\s+)?([\w$.]+)\s*:\s*(.*)$/.exec(line);
    if (m) {
      const p = param(stripPrefix(m[2]!));
      if (m[1]) p.type = m[1].trim();
      if (m[3]) p.description = m[3].trim();
      current = p;
      section = "other";
      continue;
    }
    m = /^:type\s+([\w$.]+)\s*:\s*(.*)$/.exec(line);
    if (m) {
      param(stripPrefix(m[1]!)).type = m[2]!.trim();
      current = undefined;
      section = "other";
      continue;
    }
    m = /^:(returns?|rtype)\s*:\s*(.*)$/.exec(line);
    if (m) {
      doc.returns ??= {};
      if (m[1] === "rtype") doc.returns.type = m[2]!.trim();
      else doc.returns.description = m[2]!.trim();
      current = m[1] === "rtype" ? undefined : doc.returns;
      section = "other";
      continue;
    }

    // NumPy section headers: a title line underlined with dashes.
    if (/^-{3,}$/.test(lines[i + 1]?.trim() ?? "") && /^[A-Z][A-Za-z ]*$/.test(line)) {
      const title = line.toLowerCase();
      section =
        title === "parameters" || title === "other parameters"
          ? "numpy-params"
          : title === "returns"
            ? "numpy-returns"
            : "other";
      sectionIndent = indent;
      current = undefined;
      i++;
      continue;
    }
    // Google section headers.
    m =
      /^(Args|Arguments|Parameters|Params|Keyword Args|Returns|Return|Yields|Raises|Examples?|Notes?|Note|See Also)\s*:\s*$/.exec(
        line,
      );
    if (m) {
      const title = m[1]!.toLowerCase();
      section = ["args", "arguments", "parameters", "params", "keyword args"].includes(title)
        ? "google-args"
        : title.startsWith("return")
          ? "google-returns"
          : "other";
      sectionIndent = indent;
      current = undefined;
      continue;
    }

    if (section === "google-args" && indent > sectionIndent) {
      m = /^([\w$.]+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$/.exec(line);
      if (m && (current === undefined || indent <= entryIndent)) {
        const p = param(stripPrefix(m[1]!));
        const type = m[2]?.split(",").map((s) => s.trim());
        if (type?.includes("optional")) p.optional = true;
        const base = type?.filter((s) => s !== "optional").join(", ");
        if (base) p.type = base;
        if (m[3]) p.description = m[3].trim();
        current = p;
        entryIndent = indent;
        continue;
      }
      append(current, line);
      continue;
    }
    if (section === "google-returns" && indent > sectionIndent) {
      m = /^([^:]+):\s*(.*)$/.exec(line);
      if (!doc.returns && m) doc.returns = { type: m[1]!.trim(), ...(m[2] && { description: m[2].trim() }) };
      else if (!doc.returns) doc.returns = { description: line };
      else append(doc.returns, line);
      current = doc.returns;
      continue;
    }
    if (section === "numpy-params") {
      m = /^([\w$.]+(?:\s*,\s*[\w$.]+)*)\s*:\s*(.*)$/.exec(line);
      if (m && indent <= sectionIndent) {
        const type = m[2]!.split(",").map((s) => s.trim());
        for (const name of m[1]!.split(",").map((s) => s.trim())) {
          const p = param(stripPrefix(name));
          if (type.includes("optional")) p.optional = true;
          const base = type.filter((s) => s !== "optional" && !s.startsWith("default")).join(", ");
          if (base) p.type = base;
          current = p;
        }
        continue;
      }
      if (m === null && indent <= sectionIndent && /^[\w$.]+$/.test(line)) {
        current = param(stripPrefix(line));
        continue;
      }
      append(current, line);
      continue;
    }
    if (section === "numpy-returns") {
      if (indent <= sectionIndent && !doc.returns) {
        const parts = /^(?:([\w$]+)\s*:\s*)?(.*)$/.exec(line)!;
        doc.returns = { type: parts[2]!.trim() };
      } else append((doc.returns ??= {}), line);
      current = doc.returns;
      continue;
    }
    if (section === "none") description.push(line);
    else if (section === "other") append(current, line);
  }
  doc.description = description
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return doc;
}

// A tag or field after the summary in a one-line docstring: JSDoc block tags, Sphinx fields.
const MID_LINE_TAG =
  /^(?:@(?:param|arg|argument|property|prop|returns?|throws|exception|example|see|since|deprecated)(?=\s|$)|:(?:param|type)\s|:(?:returns?|rtype)\s*:)/;

// Splits a one-line docstring into lines where a tag or field starts after a space, outside `{...}`
// (types, `{@link}`) and backtick code spans: "Scales. @param {number} f" → ["Scales.", "@param {number} f"].
function splitOneLine(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  let braces = 0;
  let code = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "`") code = !code;
    else if (code) continue;
    else if (c === "{") braces++;
    else if (c === "}") braces = Math.max(0, braces - 1);
    else if (braces === 0 && i > from && /\s/.test(text[i - 1]!) && MID_LINE_TAG.test(text.slice(i))) {
      lines.push(text.slice(from, i));
      from = i;
    }
  }
  lines.push(text.slice(from));
  return lines;
}

// The `{...}` type starting at `from` (after spaces), braces counted, or undefined when there is none.
function bracedType(line: string, from: number): { type: string; end: number } | undefined {
  let i = from;
  while (line[i] === " " || line[i] === "\t") i++;
  if (line[i] !== "{") return undefined;
  let depth = 0;
  for (let j = i; j < line.length; j++) {
    if (line[j] === "{") depth++;
    else if (line[j] === "}" && --depth === 0) return { type: line.slice(i + 1, j).trim(), end: j + 1 };
  }
  return undefined;
}

// `options.city` documents key `city` of a destructured `options` parameter.
function stripPrefix(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? name : name.slice(dot + 1);
}
