import type { JSONSchema } from "./json-schema.js";
import { setOwn } from "../util/own.js";
import { pointerSegment } from "../util/pointer.js";
import { SUBSCHEMAS } from "./subschemas.js";

type Schema = Record<string, unknown>;

// The keywords whose sub-schemas are counted: all but the definitions themselves.
const slotOf = (key: string) => (key === "$defs" || key === "definitions" ? undefined : SUBSCHEMAS.get(key));

/** One place a subschema sits: its parent, the key (and index) there, its JSON Pointer. */
interface Site {
  readonly holder: Schema | unknown[];
  readonly key: string | number;
  readonly path: string;
  readonly hint: string;
}

/**
 * A subschema written more than once in a schema: its text (keys sorted) and every JSON Pointer it sits at.
 *
 * @example
 * repeatedSchemas(schema); // [{ text: '{"properties":...}', paths: ["/properties/billing", "/properties/shipping"] }]
 */
export interface RepeatedSchema {
  readonly text: string;
  readonly paths: readonly string[];
}

/**
 * The subschemas a schema writes more than once that sharing under `$defs` would shorten (a `$ref` in each place
 * is shorter than the subschema written again), largest first. Subschemas under `$defs` are not counted.
 *
 * @example
 * const address = { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } };
 * repeatedSchemas({ type: "object", properties: { billing: address, shipping: address } }).map((r) => r.paths);
 * // [["/properties/billing", "/properties/shipping"]]
 */
export function repeatedSchemas(schema: JSONSchema): RepeatedSchema[] {
  return [...groups(schema).entries()]
    .filter(([text, sites]) => saves(text, sites.length))
    .sort(([a], [b]) => b.length - a.length)
    .map(([text, sites]) => ({ text, paths: sites.map((s) => s.path) }));
}

/**
 * The schema with each subschema it writes more than once (where that is shorter) written once under `$defs` and
 * referenced by `$ref` everywhere it was: the same values are valid. Names come from a `title`, else the property
 * the subschema first sits under, made unique. A fresh object; the input is not changed.
 *
 * @example
 * shareRepeated({ type: "object", properties: { billing: address, shipping: address } });
 * // { type: "object", properties: { billing: { $ref: "#/$defs/billing" }, shipping: { $ref: "#/$defs/billing" } }, $defs: { billing: address } }
 */
export function shareRepeated(schema: JSONSchema): JSONSchema {
  const root = JSON.parse(JSON.stringify(schema)) as Schema;
  for (;;) {
    const best = [...groups(root).entries()]
      .filter(([text, sites]) => saves(text, sites.length))
      .sort(([a], [b]) => b.length - a.length)[0];
    if (!best) return root;
    const [, sites] = best;
    const first = sites[0]!;
    const defs = (root.$defs ?? {}) as Schema;
    const name = freeName(defs, nameFor(at(first), first.hint));
    setOwn(defs, name, at(first));
    root.$defs = defs;
    for (const site of sites) put(site, { $ref: `#/$defs/${encodeURIComponent(name)}` });
  }
}

// Sharing pays when `n` references and one definition are shorter than `n` copies.
function saves(text: string, count: number): boolean {
  const reference = 20; // {"$ref":"#/$defs/NAME"} with a short name
  return count > 1 && text.length * (count - 1) > reference * count + 12;
}

// Every object subschema below the root (not under $defs), grouped by its text with keys sorted.
function groups(root: Schema): Map<string, Site[]> {
  const found = new Map<string, Site[]>();
  const visit = (node: unknown, site: Site | undefined) => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return;
    if (site) {
      const text = sortedText(node);
      const list = found.get(text);
      if (list) list.push(site);
      else found.set(text, [site]);
    }
    for (const [key, value] of Object.entries(node)) {
      const path = `${site?.path ?? ""}/${pointerSegment(key)}`;
      const slot = slotOf(key);
      if (slot === "one") visit(value, { holder: node as Schema, key, path, hint: site?.hint ?? "" });
      else if (slot === "list" && Array.isArray(value))
        value.forEach(
          (item, i) => void visit(item, { holder: value, key: i, path: `${path}/${i}`, hint: site?.hint ?? "" }),
        );
      else if (slot === "map" && typeof value === "object" && value !== null) {
        for (const name of Object.keys(value))
          visit((value as Schema)[name], {
            holder: value as Schema,
            key: name,
            path: `${path}/${pointerSegment(name)}`,
            hint: name,
          });
      }
    }
  };
  visit(root, undefined);
  return found;
}

function sortedText(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(sortedText).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${sortedText((value as Schema)[key])}`)
    .join(",")}}`;
}

function at(site: Site): Schema {
  return (site.holder as Record<string | number, unknown>)[site.key] as Schema;
}

function put(site: Site, value: Schema): void {
  if (Array.isArray(site.holder)) site.holder[site.key as number] = value;
  else setOwn(site.holder, site.key as string, value);
}

function nameFor(schema: Schema, hint: string): string {
  const title = typeof schema.title === "string" ? schema.title : "";
  const raw = (title || hint || "Shared").replace(/[^A-Za-z0-9_]/g, "_").slice(0, 48);
  return /^[A-Za-z_]/.test(raw) ? raw : `_${raw}`;
}

function freeName(defs: Schema, base: string): string {
  if (!Object.hasOwn(defs, base)) return base;
  let i = 2;
  while (Object.hasOwn(defs, `${base}${i}`)) i++;
  return `${base}${i}`;
}
