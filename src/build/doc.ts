import ts from "typescript";
import { parseDocstring, type DocParameter } from "../source/docstring.js";
import { cleanComment } from "../source/read-function.js";
import { dedent } from "../util/dedent.js";

/** What a function's documentation says, read at build time. */
export interface FunctionDoc {
  /** The summary, with `@deprecated` and `@example` written in (models read the description only). */
  readonly description?: string;
  readonly parameters: Record<string, DocParameter>;
  readonly returns?: string;
}

/**
 * Reads a function's documentation from its declaration: the JSDoc comment above it (on the function, the
 * method, or the `const` it is assigned to) and the docstring inside it (a string directive or the comment that
 * opens the body, as `functionToTool` reads it at run time). The summary, `@param` (JSDoc, Google, Sphinx or NumPy
 * style), `@returns`, `@example` and `@deprecated`. Above wins over inside, entry by entry.
 *
 * @example
 * readDoc(declaration, fn, sourceFile);
 * // { description: "Current weather for a city.", parameters: { city: { description: "City and country" } } }
 */
export function readDoc(declaration: ts.Node, fn: ts.SignatureDeclaration, source: ts.SourceFile): FunctionDoc {
  const above = aboveText(declaration, source);
  const inside = insideText(fn, source);
  const outer = above ? readText(above) : undefined;
  const inner = inside ? readText(inside) : undefined;
  const parameters: Record<string, DocParameter> = Object.create(null);
  for (const doc of [inner, outer]) {
    for (const [name, p] of Object.entries(doc?.parameters ?? {})) parameters[name] = { ...parameters[name], ...p };
  }
  const description = outer?.description || inner?.description || undefined;
  const returns = outer?.returns ?? inner?.returns;
  return { ...(description && { description }), parameters, ...(returns && { returns }) };
}

function readText(text: string): FunctionDoc {
  const doc = parseDocstring(stripBlocks(text));
  const { examples, deprecated } = extras(text);
  let description = doc.description.trim();
  if (deprecated !== undefined)
    description = `Deprecated${deprecated ? `: ${deprecated}` : "."}${description ? `\n\n${description}` : ""}`;
  for (const example of examples) description += `${description ? "\n\n" : ""}Example:\n${example}`;
  return {
    description,
    parameters: doc.parameters,
    ...(doc.returns?.description && { returns: doc.returns.description }),
  };
}

// The text without its @example and @deprecated blocks, which parseDocstring would not keep apart from the summary.
function stripBlocks(text: string): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of text.split("\n")) {
    const tag = /^\s*@(\w+)/.exec(line)?.[1];
    if (tag) skipping = tag === "example" || tag === "deprecated";
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

// `@example` blocks (up to the next tag) and the `@deprecated` reason.
function extras(text: string): { examples: string[]; deprecated: string | undefined } {
  const examples: string[] = [];
  let deprecated: string | undefined;
  let current: string[] | undefined;
  let inDeprecated = false;
  const close = () => {
    if (current) {
      const example = dedent(current.join("\n")).trim();
      if (example) examples.push(example);
    }
    current = undefined;
  };
  for (const line of text.split("\n")) {
    const m = /^\s*@(\w+)\s?(.*)$/.exec(line);
    if (m) {
      close();
      inDeprecated = m[1] === "deprecated";
      if (m[1] === "example") current = m[2]!.trim() ? [m[2]!] : [];
      if (inDeprecated) deprecated = m[2]!.trim();
      continue;
    }
    if (current) current.push(line);
    else if (inDeprecated && line.trim()) deprecated = `${deprecated} ${line.trim()}`.trim();
  }
  close();
  return { examples, deprecated };
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
