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
  const lines =
    text.includes("\n") || text.includes("\r") ? text.replace(/\r\n?/g, "\n").split("\n") : splitOneLine(text);
  const reader = new DocReader();
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    const indent = raw.length - raw.trimStart().length;
    if (!line) reader.blank();
    else if (reader.jsdoc(line) || reader.sphinx(line)) continue;
    else if (reader.numpyHeader(line, indent, lines[i + 1])) i++;
    else if (!reader.googleHeader(line, indent)) reader.inSection(line, indent);
  }
  return reader.done();
}

type Section = "none" | "google-args" | "google-returns" | "numpy-params" | "numpy-returns" | "other";

/** A docstring read line by line: the section a line is in, and the entry its continuation lines add to. */
class DocReader {
  private readonly doc: Docstring = { description: "", parameters: Object.create(null) };
  private readonly description: string[] = [];
  private section: Section = "none";
  private current: DocParameter | { description?: string } | undefined;
  private sectionIndent = 0;
  private entryIndent = 0; // indentation of the current Google-style entry; deeper lines continue it

  private param(name: string): DocParameter {
    this.doc.parameters[name] ??= {};
    return this.doc.parameters[name];
  }

  private static append(target: { description?: string } | undefined, more: string): void {
    if (target && more) target.description = target.description ? `${target.description} ${more}` : more;
  }

  private enter(current: DocParameter | { description?: string } | undefined): true {
    this.current = current;
    this.section = "other";
    return true;
  }

  blank(): void {
    if (this.section === "none" && !this.current) this.description.push("");
  }

  // JSDoc tags. A JSDoc type may nest braces (`{{ name: string }[]}`): it is cut out by counting them, then the rest
  // is matched.
  jsdoc(line: string): boolean {
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
      const p = this.param(stripPrefix(name!));
      if (type) p.type = type.trim();
      if (bracket) p.optional = true;
      if (fallback !== undefined) p.default = fallback;
      if (rest) p.description = rest.trim();
      return this.enter(p);
    }
    m = /^@(returns?)\s*(?:\{\}\s*)?(?:-\s*)?(.*)$/.exec(jsdoc);
    if (m) {
      this.doc.returns = { ...(braced?.type && { type: braced.type }), ...(m[2] && { description: m[2].trim() }) };
      return this.enter(this.doc.returns);
    }
    return /^@\w+/.test(line) && this.enter(undefined);
  }

  // Sphinx fields.
  sphinx(line: string): boolean {
    let m = /^:param\s+(?:(.+?)\s+)?([\w$.]+)\s*:\s*(.*)$/.exec(line);
    if (m) {
      const p = this.param(stripPrefix(m[2]!));
      if (m[1]) p.type = m[1].trim();
      if (m[3]) p.description = m[3].trim();
      return this.enter(p);
    }
    m = /^:type\s+([\w$.]+)\s*:\s*(.*)$/.exec(line);
    if (m) {
      this.param(stripPrefix(m[1]!)).type = m[2]!.trim();
      return this.enter(undefined);
    }
    m = /^:(returns?|rtype)\s*:\s*(.*)$/.exec(line);
    if (!m) return false;
    this.doc.returns ??= {};
    if (m[1] === "rtype") this.doc.returns.type = m[2]!.trim();
    else this.doc.returns.description = m[2]!.trim();
    return this.enter(m[1] === "rtype" ? undefined : this.doc.returns);
  }

  // NumPy section headers: a title line underlined with dashes (the underline is the next line, skipped).
  numpyHeader(line: string, indent: number, next: string | undefined): boolean {
    if (!(/^-{3,}$/.test(next?.trim() ?? "") && /^[A-Z][A-Za-z ]*$/.test(line))) return false;
    const title = line.toLowerCase();
    this.section =
      title === "parameters" || title === "other parameters"
        ? "numpy-params"
        : title === "returns"
          ? "numpy-returns"
          : "other";
    this.sectionIndent = indent;
    this.current = undefined;
    return true;
  }

  // Google section headers.
  googleHeader(line: string, indent: number): boolean {
    const m =
      /^(Args|Arguments|Parameters|Params|Keyword Args|Returns|Return|Yields|Raises|Examples?|Notes?|Note|See Also)\s*:\s*$/.exec(
        line,
      );
    if (!m) return false;
    const title = m[1]!.toLowerCase();
    this.section = ["args", "arguments", "parameters", "params", "keyword args"].includes(title)
      ? "google-args"
      : title.startsWith("return")
        ? "google-returns"
        : "other";
    this.sectionIndent = indent;
    this.current = undefined;
    return true;
  }

  // A line inside the section it is in: an entry, or more of the entry before it.
  inSection(line: string, indent: number): void {
    const { section, sectionIndent } = this;
    if (section === "google-args" && indent > sectionIndent) this.googleArg(line, indent);
    else if (section === "google-returns" && indent > sectionIndent) this.googleReturns(line);
    else if (section === "numpy-params") this.numpyParam(line, indent);
    else if (section === "numpy-returns") this.numpyReturns(line, indent);
    else if (section === "none") this.description.push(line);
    else if (section === "other") DocReader.append(this.current, line);
  }

  private googleArg(line: string, indent: number): void {
    const m = /^([\w$.]+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$/.exec(line);
    if (!(m && (this.current === undefined || indent <= this.entryIndent))) {
      DocReader.append(this.current, line);
      return;
    }
    const p = this.param(stripPrefix(m[1]!));
    const type = m[2]?.split(",").map((s) => s.trim());
    if (type?.includes("optional")) p.optional = true;
    const base = type?.filter((s) => s !== "optional").join(", ");
    if (base) p.type = base;
    if (m[3]) p.description = m[3].trim();
    this.current = p;
    this.entryIndent = indent;
  }

  private googleReturns(line: string): void {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (!this.doc.returns && m) this.doc.returns = { type: m[1]!.trim(), ...(m[2] && { description: m[2].trim() }) };
    else if (!this.doc.returns) this.doc.returns = { description: line };
    else DocReader.append(this.doc.returns, line);
    this.current = this.doc.returns;
  }

  private numpyParam(line: string, indent: number): void {
    const m = /^([\w$.]+(?:\s*,\s*[\w$.]+)*)\s*:\s*(.*)$/.exec(line);
    if (m && indent <= this.sectionIndent) {
      const type = m[2]!.split(",").map((s) => s.trim());
      for (const name of m[1]!.split(",").map((s) => s.trim())) {
        const p = this.param(stripPrefix(name));
        if (type.includes("optional")) p.optional = true;
        const base = type.filter((s) => s !== "optional" && !s.startsWith("default")).join(", ");
        if (base) p.type = base;
        this.current = p;
      }
    } else if (m === null && indent <= this.sectionIndent && /^[\w$.]+$/.test(line))
      this.current = this.param(stripPrefix(line));
    else DocReader.append(this.current, line);
  }

  private numpyReturns(line: string, indent: number): void {
    if (indent <= this.sectionIndent && !this.doc.returns) {
      const parts = /^(?:([\w$]+)\s*:\s*)?(.*)$/.exec(line)!;
      this.doc.returns = { type: parts[2]!.trim() };
    } else DocReader.append((this.doc.returns ??= {}), line);
    this.current = this.doc.returns;
  }

  done(): Docstring {
    this.doc.description = this.description
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    return this.doc;
  }
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
