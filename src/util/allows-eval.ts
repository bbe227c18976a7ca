let cached: boolean | undefined;

/**
 * True when this runtime lets code be generated from strings. False under a Content Security Policy
 * without `unsafe-eval`, in Cloudflare Workers, and under `node --disallow-code-generation-from-strings`.
 *
 * @example
 * allowsEval(); // true in Node, false in a page whose CSP forbids eval
 */
export function allowsEval(): boolean {
  if (cached === undefined) {
    try {
      cached = new Function("return true")() === true;
    } catch {
      cached = false;
    }
  }
  return cached;
}
