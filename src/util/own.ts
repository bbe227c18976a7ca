/**
 * Sets an own, enumerable data property. A plain assignment of `"__proto__"` would call the prototype
 * setter instead (losing the property, or letting input smuggle in inherited ones); JSON.parse and object
 * spread make it an own property, and so does this.
 *
 * @example
 * const o: Record<string, unknown> = {};
 * setOwn(o, "__proto__", { type: "string" });
 * Object.keys(o); // ["__proto__"]
 */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}
