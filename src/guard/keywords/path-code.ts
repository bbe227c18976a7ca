// JSON Pointers as the generated reporter builds them, shared by the structural keywords' report code.

/**
 * A JSON Pointer as generated code builds it: a JavaScript expression (empty when there is none yet)
 * followed by constant text, so the constant parts of a path are one string literal in the source.
 *
 * @example
 * render(withExpr(withText(ROOT, "/items/"), "i")); // '"/items/" + i'
 */
export interface Path {
  readonly expr: string;
  readonly text: string;
}

/** The root's path: "". @example render(ROOT) // '""' */
export const ROOT: Path = { expr: "", text: "" };

/** A string literal. @example quote('a "b"') // '"a \\"b\\""' */
export const quote = (text: string) => JSON.stringify(text);

/** The path as one JavaScript expression. @example render({ expr: "p", text: "/a" }) // 'p + "/a"' */
export const render = (p: Path) => (p.expr ? (p.text ? `${p.expr} + ${quote(p.text)}` : p.expr) : quote(p.text));

/** The path with constant text after it. @example withText(ROOT, "/0") // { expr: "", text: "/0" } */
export const withText = (p: Path, text: string): Path => ({ expr: p.expr, text: p.text + text });

/**
 * The path with an expression after it.
 *
 * @example
 * withExpr(withText(ROOT, "/"), "k")
 * // { expr: '"/" + k', text: "" }
 */
export const withExpr = (p: Path, expr: string): Path => ({ expr: `${render(p)} + ${expr}`, text: "" });
