import ts from "typescript";
import { setOwn } from "../util/own.js";

/**
 * The value of an expression written as a JSON literal (a string, a number, `-1`, `true`, `null`, arrays and
 * objects of those), or undefined when it is anything else: a parameter default the schema may carry.
 *
 * @example
 * literalValue(parameter.initializer);
 * // { value: "celsius" } for `unit = "celsius"`, undefined for `when = new Date()`
 */
export function literalValue(node: ts.Expression): { readonly value: unknown } | undefined {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return literalValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { value: node.text };
  if (ts.isNumericLiteral(node)) return { value: Number(node.text) };
  if (
    ts.isPrefixUnaryExpression(node) &&
    (node.operator === ts.SyntaxKind.MinusToken || node.operator === ts.SyntaxKind.PlusToken) &&
    ts.isNumericLiteral(node.operand)
  ) {
    const n = Number(node.operand.text);
    return { value: node.operator === ts.SyntaxKind.MinusToken ? -n : n };
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  if (ts.isArrayLiteralExpression(node)) {
    const items: unknown[] = [];
    for (const element of node.elements) {
      const item = literalValue(element);
      if (!item) return undefined;
      items.push(item.value);
    }
    return { value: items };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) return undefined;
      const key = property.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key) && !ts.isNumericLiteral(key)) return undefined;
      const item = literalValue(property.initializer);
      if (!item) return undefined;
      setOwn(out, key.text, item.value);
    }
    return { value: out };
  }
  return undefined;
}
