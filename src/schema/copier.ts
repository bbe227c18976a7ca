import { allowsEval } from "../util/allows-eval.js";

// Nested literals deeper than this are written as statements of their own: V8 builds a literal at most
// three levels deep inline, in one allocation, and calls the runtime for a deeper one.
const LITERAL_DEPTH = 3;

/**
 * Compiles a JSON value into a function that returns a fresh copy of it each call, written as object
 * and array literals so the engine stamps each copy from a template (10-20× faster than copying key by
 * key). Undefined where eval is blocked, or when the value holds anything but JSON (a non-finite
 * number, a class instance, a function): the caller then copies it another way.
 *
 * @example
 * const copy = literalCopier({ type: "object", required: ["q"] });
 * const a = copy?.(); // { type: "object", required: ["q"] }
 * a !== copy?.();     // true: a new object every call
 */
export function literalCopier(json: unknown): (() => unknown) | undefined {
  if (!allowsEval()) return undefined;
  const statements: string[] = [];
  const write = (value: unknown, level: number): string => {
    if (typeof value === "string" || typeof value === "boolean" || value === null) return JSON.stringify(value);
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new TypeError("not JSON");
      return Object.is(value, -0) ? "-0" : String(value);
    }
    if (typeof value !== "object" || !isPlainData(value)) throw new TypeError("not JSON");
    if (level === LITERAL_DEPTH) {
      const text = write(value, 0);
      statements.push(`const v${statements.length} = ${text};`);
      return `v${statements.length - 1}`;
    }
    if (Array.isArray(value)) return `[${value.map((item) => write(item, level + 1)).join(",")}]`;
    // A plain "__proto__" key would set the prototype: written as a computed key, it is an own property.
    const entries = Object.keys(value).map(
      (key) =>
        `${key === "__proto__" ? `["__proto__"]` : JSON.stringify(key)}:${write((value as Record<string, unknown>)[key], level + 1)}`,
    );
    return `{${entries.join(",")}}`;
  };
  try {
    const result = write(json, 0);
    return new Function(
      `"use strict";\nreturn () => {\n${statements.join("\n")}\nreturn ${result};\n};`,
    )() as () => unknown;
  } catch {
    // Not JSON, or too deep to write or to parse.
    return undefined;
  }
}

function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
