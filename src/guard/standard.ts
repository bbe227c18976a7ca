import type { StandardSchemaV1 } from "../standard-schema.js";
import { compile } from "./compile.js";
import { readSegment } from "../util/pointer.js";

/**
 * The Standard Schema v1 properties of a descriptor: `validate` runs its guard and reports issues with
 * paths as key arrays, so libraries that accept Standard Schema (tRPC, form libraries, AI SDKs) take it.
 *
 * @example
 * const result = t.string()["~standard"].validate(42); // { issues: [{ message: "Expected string, ...", path: [] }] }
 */
export function standardProps(descriptor: object): StandardSchemaV1.Props {
  let guard: ReturnType<typeof compile> | undefined;
  return {
    version: 1,
    vendor: "tooltype",
    validate(value) {
      guard ??= compile(descriptor);
      if (guard(value)) return { value };
      return { issues: guard.errors(value).map((i) => ({ message: i.message, path: pathKeys(i.path, value) })) };
    },
  };
}

// A JSON Pointer as keys; an index into an array becomes a number.
function pathKeys(pointer: string, root: unknown): PropertyKey[] {
  if (pointer === "") return [];
  let here = root;
  return pointer
    .slice(1)
    .split("/")
    .map((raw) => {
      const key = readSegment(raw);
      const step: PropertyKey = Array.isArray(here) && /^\d+$/.test(key) ? Number(key) : key;
      here = typeof here === "object" && here !== null ? (here as Record<PropertyKey, unknown>)[step] : undefined;
      return step;
    });
}
