import ts from "typescript";
import { parseDocstring, type DocParameter } from "../source/docstring.js";
import { cleanComment } from "../source/read-function.js";
import { dedent } from "../util/dedent.js";

/** What a function's documentation says, read at build time. */
export interface FunctionDoc {
  /**
   * The summary first, then the description, remarks, `@deprecated` and `@example` (models read the description only).
   */
  readonly description?: string;
  readonly parameters: Record<string, DocParameter>;
  /**
   * `@param options.unit - ...`: the descriptions of an option object's properties, by parameter then path (`.unit`).
   */
  readonly properties: Record<string, Record<string, string>>;
  readonly returns?: string;
}

/**
 * Reads a function's documentation from its declaration: the JSDoc comment above it (on the function, the
 * method, or the `const` it is assigned to) and the docstring inside it (a string directive or the comment that
 * opens the body, as `functionToTool` reads it at run time). The summary (the text before the tags, or
 * `@summary`), `@description`, `@remarks`, `@param` (JSDoc, Google, Sphinx or NumPy style; `@param options.unit`
 * for an option object's property), `@returns`, `@deprecated` and `@example` (after the text, never leading it;
 * dropped when there is no text). Other tags (`@name`, `@category`, `@typeParam`, `@throws`, `@see`...) are not
 * for models and are left out with their text. Above wins over inside, entry by entry.
 *
 * @example
 * readDoc(declaration, fn, sourceFile);
 * // { description: "Current weather for a city.", parameters: { city: { description: "City and country" } },
 * // properties: {} }
 */
export function readDoc(declaration: ts.Node, fn: ts.SignatureDeclaration, source: ts.SourceFile): FunctionDoc {
  const above = aboveText(declaration, source);
  const inside = insideText(fn, source);
  const outer = above ? readText(above) : undefined;
  const inner = inside ? readText(inside) : undefined;
  const parameters: Record<string, DocParameter> = Object.create(null);
  const properties: Record<string, Record<string, string>> = Object.create(null);
  for (const doc of [inner, outer]) {
    for (const [name, p] of Object.entries(doc?.parameters ?? {})) parameters[name] = { ...parameters[name], ...p };
    for (const [name, p] of Object.entries(doc?.properties ?? {})) properties[name] = { ...properties[name], ...p };
  }
  const description = outer?.description || inner?.description || undefined;
  const returns = outer?.returns ?? inner?.returns;
  return { ...(description && { description }), parameters, properties, ...(returns && { returns }) };
}

// Tags whose text is the function's description, in the order it is written.
const TEXT_TAGS = ["summary", "description", "desc", "remarks"];
// Tags parseDocstring reads.
const READ_TAGS = ["param", "arg", "argument", "returns", "return"];

function readText(text: string): FunctionDoc {
  const blocks = tagBlocks(
    text.replace(/\{@(?:link|linkcode|linkplain)\s+([^}|\s]+)(?:[\s|]+([^}]*))?\}/g, (_, a, b) => b?.trim() || a),
  );
  const properties: Record<string, Record<string, string>> = Object.create(null);
  const kept = blocks.filter((b) => {
    if (b.tag === undefined) return true;
    if (!READ_TAGS.includes(b.tag)) return false;
    const property = b.tag === "returns" || b.tag === "return" ? undefined : optionProperty(b.text);
    if (property?.description)
      (properties[property.parameter] ??= Object.create(null))[property.path] = property.description;
    return !property;
  });
  const doc = parseDocstring(kept.map((b) => (b.tag ? `@${b.tag} ${b.text}` : b.text)).join("\n"));
  const texts = [
    ...blocks.filter((b) => b.tag === "summary").map((b) => b.text),
    doc.description,
    ...blocks.filter((b) => b.tag !== "summary" && TEXT_TAGS.includes(b.tag ?? "")).map((b) => b.text),
  ];
  const paragraphs: string[] = [];
  for (const raw of texts) {
    const part = dedent(raw).trim();
    // A description that repeats the summary (`@summary Adds days.` `@description Adds days. ...`) keeps it once.
    const first = paragraphs[0];
    if (!part) continue;
    if (first && part.startsWith(first)) paragraphs[0] = part;
    else if (!paragraphs.some((p) => p.includes(part))) paragraphs.push(part);
  }
  const deprecated = blocks.find((b) => b.tag === "deprecated");
  if (deprecated) {
    const reason = deprecated.text.replace(/\s+/g, " ").trim();
    paragraphs.splice(paragraphs.length ? 1 : 0, 0, `Deprecated${reason ? `: ${reason}` : "."}`);
  }
  let description = paragraphs.join("\n\n");
  if (paragraphs.length && !(paragraphs.length === 1 && deprecated)) {
    for (const b of blocks.filter((b) => b.tag === "example")) {
      const example = dedent(b.text).trim();
      if (example) description += `\n\nExample:\n${example}`;
    }
  }
  return {
    description,
    parameters: doc.parameters,
    properties,
    ...(doc.returns?.description && { returns: doc.returns.description }),
  };
}

// `@param options.unit - The unit` (also `{type}`, `[options.unit=x]`): the parameter, the path, the text.
function optionProperty(text: string): { parameter: string; path: string; description: string } | undefined {
  const m = /^(?:\{[^}]*\}\s*)?\[?([\w$]+)((?:\.[\w$]+)+)(?:=[^\]]*)?\]?\s*(?:-\s*)?([\s\S]*)$/.exec(text.trim());
  return m ? { parameter: m[1]!, path: m[2]!, description: m[3]!.replace(/\s+/g, " ").trim() } : undefined;
}

// The text cut at its tags (a tag starts a line): the text before them (no tag), then each tag with its text.
function tagBlocks(text: string): { tag: string | undefined; text: string }[] {
  const blocks: { tag: string | undefined; text: string }[] = [{ tag: undefined, text: "" }];
  let fence = false;
  for (const line of text.split("\n")) {
    const m = fence ? null : /^\s*@(\w+)\s?(.*)$/.exec(line);
    if (m) blocks.push({ tag: m[1]!.toLowerCase(), text: m[2]! });
    else {
      const block = blocks[blocks.length - 1]!;
      block.text = block.text ? `${block.text}\n${line}` : line;
      if (/^\s*```/.test(line)) fence = !fence;
    }
  }
  return blocks.map((b) => ({ tag: b.tag, text: b.text }));
}

// The JSDoc comment above a declaration (the nearest), without its markers.
function aboveText(node: ts.Node, source: ts.SourceFile): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const last = docs[docs.length - 1];
  if (!last) return undefined;
  return cleanComment(source.text.slice(last.getStart(source), last.getEnd())) || undefined;
}

// The docstring inside: string directives opening the body, else the comments that open it.
function insideText(fn: ts.SignatureDeclaration, source: ts.SourceFile): string | undefined {
  const body = (fn as { body?: ts.Node }).body;
  if (!body || !ts.isBlock(body)) return undefined;
  const directives: string[] = [];
  for (const statement of body.statements) {
    if (
      !ts.isExpressionStatement(statement) ||
      !(ts.isStringLiteral(statement.expression) || ts.isNoSubstitutionTemplateLiteral(statement.expression))
    )
      break;
    if (statement.expression.text !== "use strict") directives.push(statement.expression.text);
  }
  if (directives.length) return dedent(directives.join("\n")).trim() || undefined;
  const open = body.getStart(source) + 1;
  const ranges = [
    ...(ts.getTrailingCommentRanges(source.text, open) ?? []),
    ...(ts.getLeadingCommentRanges(source.text, open) ?? []),
  ];
  const first = body.statements[0];
  const comments = ranges
    .filter((r) => !first || r.end <= first.getStart(source))
    .map((r) => cleanComment(source.text.slice(r.pos, r.end)));
  return dedent(comments.join("\n")).trim() || undefined;
}

/**
 * The comment written beside a parameter: after it (`city: string, // City and country`) or before it on its
 * line (`/** City and country *\/ city: string`), as the run-time reader takes it.
 *
 * @example
 * besideComment(parameter, sourceFile); // "City and country"
 */
export function besideComment(node: ts.Node, source: ts.SourceFile): string | undefined {
  const text = source.text;
  let end = node.getEnd();
  const after = ts.getTrailingCommentRanges(text, end) ?? [];
  if (!after.length) {
    const comma = /^\s*[,;]/.exec(text.slice(end));
    if (comma) end += comma[0].length;
  }
  const trailing = after.length ? after : (ts.getTrailingCommentRanges(text, end) ?? []);
  // Before it: a block comment on its line (`/** Which *\/ a`), or comments on the lines above. A `//` comment on
  // the line where this one began (`a, // first`) is the previous parameter's.
  const sameLine = (ts.getTrailingCommentRanges(text, node.getFullStart()) ?? []).filter(
    (r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia,
  );
  const leading = [...sameLine, ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [])];
  const comment = [...leading, ...trailing].map((r) => cleanComment(text.slice(r.pos, r.end))).find(Boolean);
  return comment || undefined;
}

/**
 * A property's documentation: its JSDoc, also when written on the line of the `{` before it (`{ /** Which *\/ a: T }`,
 * which TypeScript does not attach), else a comment beside it.
 *
 * @example
 * propertyDescription(checker.getPropertyOfType(type, "city")!, checker); // "City name"
 */
export function propertyDescription(property: ts.Symbol, checker: ts.TypeChecker): string | undefined {
  const documented = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
  if (documented) return documented;
  const declaration = property.declarations?.[0];
  if (
    !declaration ||
    !(
      ts.isPropertySignature(declaration) ||
      ts.isPropertyDeclaration(declaration) ||
      ts.isPropertyAssignment(declaration)
    )
  )
    return undefined;
  return besideComment(declaration, declaration.getSourceFile());
}
