import type { JSONSchema } from "./json-schema.js";
import { setOwn } from "../util/own.js";
import { pointerSegment } from "../util/pointer.js";
import { SUBSCHEMAS } from "./subschemas.js";

type Schema = Record<string, unknown>;

/**
 * The work one analysis of repeated subschemas may do, in units of a value read or a character of a key or scalar
 * (about a megabyte of schema): a schema an MCP server sends can be any size, and the analysis never blocks the
 * host past this. Over it, `repeatedSchemas` throws a `RangeError` saying so, `shareRepeated` shares nothing and
 * `toolTokens` says in its advice that it left the schema out.
 *
 * @example
 * SHARING_BUDGET; // 1000000
 */
export const SHARING_BUDGET = 1_000_000;

// The keywords whose sub-schemas are counted: all but the definitions themselves.
const slotOf = (key: string) => (key === "$defs" || key === "definitions" ? undefined : SUBSCHEMAS.get(key));

/** One place a subschema sits: its parent, the key (and index) there, the site it sits in, its subschema's id. */
interface Site {
  readonly holder: Schema | unknown[];
  readonly key: string | number;
  readonly parent: Site | undefined;
  readonly segment: string;
  readonly hint: string;
  readonly id: number;
  readonly children: Site[];
  dead: boolean;
}

/** What sharing would do: each group of sites written once under `$defs`, largest first. */
interface Plan {
  readonly groups: readonly { readonly id: number; readonly sites: readonly Site[] }[];
  readonly values: Values;
}

/**
 * Every object and array of a schema read once, bottom up, without recursion: equal values (keys sorted) get one
 * id, with the length of their text and the pieces that write it (text, and the ids of the values inside).
 */
interface Values {
  readonly idOf: Map<object, number>;
  readonly sizes: number[];
  readonly pieces: (string | number)[][];
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
 * is shorter than the subschema written again), largest first: those `shareRepeated` writes once, so a repeat
 * inside a larger one is not listed again. Subschemas under `$defs` are not counted. The work is linear in the
 * schema's size; a schema past `SHARING_BUDGET` is a `RangeError` saying so.
 *
 * @example
 * const address = { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } };
 * repeatedSchemas({ type: "object", properties: { billing: address, shipping: address } }).map((r) => r.paths);
 * // [["/properties/billing", "/properties/shipping"]]
 */
export function repeatedSchemas(schema: JSONSchema, budget = SHARING_BUDGET): RepeatedSchema[] {
  const plan = sharingPlan(schema as Schema, budget);
  if (typeof plan === "string") throw new RangeError(`repeatedSchemas: ${plan}`);
  return plan.groups.map(({ id, sites }) => ({ text: textOf(plan.values, id), paths: sites.map(pathOf) }));
}

/**
 * The schema with each subschema it writes more than once (where that is shorter) written once under `$defs` and
 * referenced by `$ref` everywhere it was: the same values are valid. Names come from a `title`, else the property
 * the subschema first sits under, made unique. A fresh object; the input is not changed. A schema past
 * `SHARING_BUDGET` comes back as it is (`repeatedSchemas` says why).
 *
 * @example
 * shareRepeated({ type: "object", properties: { billing: address, shipping: address } });
 * // { type: "object", properties: { billing: { $ref: "#/$defs/billing" }, shipping: { $ref: "#/$defs/billing" } },
 * // $defs: { billing: address } }
 */
export function shareRepeated(schema: JSONSchema): JSONSchema {
  const root = JSON.parse(JSON.stringify(schema)) as Schema;
  const plan = sharingPlan(root, SHARING_BUDGET);
  if (typeof plan === "string") return root;
  for (const { sites } of plan.groups) {
    const first = sites[0]!;
    const defs = (root.$defs ?? {}) as Schema;
    const name = freeName(defs, nameFor(at(first), first.hint));
    setOwn(defs, name, at(first));
    root.$defs = defs;
    for (const site of sites) put(site, { $ref: `#/$defs/${encodeURIComponent(name)}` });
  }
  return root;
}

/**
 * What sharing writes once, as `shareRepeated` would do it one group at a time, largest first: a group is shared
 * when its places not inside a group shared before still save; its places (and all inside them) are then taken.
 * A string where the schema is past the budget.
 */
function sharingPlan(root: Schema, budget: number): Plan | string {
  const work = { left: budget };
  const values = valuesOf(root, work);
  const sites = values && sitesOf(root, values, work);
  if (!values || !sites)
    return `the schema is past the analysis budget of ${budget} units (a value read, or a character of a key or scalar); it was not analyzed`;
  const byId = new Map<number, Site[]>();
  for (const site of sites) {
    const list = byId.get(site.id);
    if (list) list.push(site);
    else byId.set(site.id, [site]);
  }
  const candidates = [...byId.entries()]
    .filter(([id, list]) => saves(values.sizes[id]!, list.length))
    .sort(([a], [b]) => values.sizes[b]! - values.sizes[a]!);
  const groups: { id: number; sites: Site[] }[] = [];
  for (const [id, list] of candidates) {
    const alive = list.filter((site) => !site.dead);
    if (!saves(values.sizes[id]!, alive.length)) continue;
    groups.push({ id, sites: alive });
    for (const site of alive) take(site);
  }
  return { groups, values };
}

// Sharing pays when `n` references and one definition are shorter than `n` copies (`size`: the text's length).
function saves(size: number, count: number): boolean {
  const reference = 20; // {"$ref":"#/$defs/NAME"} with a short name
  return count > 1 && size * (count - 1) > reference * count + 12;
}

// A site and every site inside it, taken by a group shared before (each site taken once: linear overall).
function take(site: Site): void {
  const stack = [site];
  while (stack.length) {
    const next = stack.pop()!;
    if (next.dead) continue;
    next.dead = true;
    for (const child of next.children) stack.push(child);
  }
}

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null;
const scalarText = (value: unknown) => JSON.stringify(value) ?? "null";

/** Ids for every object and array below `root`, bottom up with an explicit stack; undefined past the budget. */
function valuesOf(root: Schema, work: { left: number }): Values | undefined {
  const values: Values = { idOf: new Map(), sizes: [], pieces: [] };
  const table = new Map<string, number>();
  const open = new Set<object>();
  const stack: [object, boolean][] = [[root, false]];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const [value, expanded] = top;
    if (values.idOf.has(value)) {
      stack.pop();
      continue;
    }
    if (!expanded) {
      top[1] = true;
      open.add(value);
      for (const key of Object.keys(value)) {
        const child = (value as Schema)[key];
        if (!isContainer(child) || values.idOf.has(child)) continue;
        if (open.has(child)) throw new TypeError("the schema contains itself (a value inside its own value)");
        stack.push([child, false]);
      }
      continue;
    }
    stack.pop();
    open.delete(value);
    const written = write(value, values);
    work.left -= 1 + written.key.length;
    if (work.left < 0) return undefined;
    let id = table.get(written.key);
    if (id === undefined) {
      id = values.sizes.length;
      table.set(written.key, id);
      values.sizes.push(written.size);
      values.pieces.push(written.pieces);
    }
    values.idOf.set(value, id);
  }
  return values;
}

// One value's text with its children's ids in their places: the pieces, their length written out, and a key that
// equal values share (an id is written as \u0001 and a number, which no JSON text holds unescaped).
function write(value: object, values: Values): { pieces: (string | number)[]; size: number; key: string } {
  const pieces: (string | number)[] = [];
  let size = 0;
  const add = (text: string) => {
    pieces.push(text);
    size += text.length;
  };
  const child = (item: unknown) => {
    if (!isContainer(item)) return add(scalarText(item));
    const id = values.idOf.get(item)!;
    pieces.push(id);
    size += values.sizes[id]!;
  };
  if (Array.isArray(value)) {
    add("[");
    for (let i = 0; i < value.length; i++) {
      if (i) add(",");
      child(value[i]);
    }
    add("]");
  } else {
    add("{");
    Object.keys(value)
      .sort()
      .forEach((key, i) => {
        add(`${i ? "," : ""}${JSON.stringify(key)}:`);
        child((value as Schema)[key]);
      });
    add("}");
  }
  const key = pieces.map((piece) => (typeof piece === "number" ? `\u0001${piece}` : piece)).join("");
  return { pieces, size, key };
}

/** The text of a value by its id, keys sorted, written out without recursion. */
function textOf(values: Values, id: number): string {
  const out: string[] = [];
  const stack: (string | number)[] = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === "string") out.push(next);
    else for (let i = values.pieces[next]!.length - 1; i >= 0; i--) stack.push(values.pieces[next]![i]!);
  }
  return out.join("");
}

/**
 * Every object subschema below the root (not under $defs), in document order, without recursion; undefined past the
 * budget.
 */
function sitesOf(root: Schema, values: Values, work: { left: number }): Site[] | undefined {
  const sites: Site[] = [];
  const stack: { node: unknown; site: Site | undefined }[] = [{ node: root, site: undefined }];
  while (stack.length) {
    const { node, site } = stack.pop()!;
    if (!isContainer(node) || Array.isArray(node)) continue;
    if (--work.left < 0) return undefined;
    if (site) sites.push(site);
    const inside: { node: unknown; site: Site }[] = [];
    const hint = site?.hint ?? "";
    const at = (holder: Schema | unknown[], key: string | number, segment: string, name: string) => {
      const value = (holder as Record<string | number, unknown>)[key];
      if (!isContainer(value) || Array.isArray(value)) return;
      const child: Site = {
        holder,
        key,
        parent: site,
        segment,
        hint: name,
        id: values.idOf.get(value)!,
        children: [],
        dead: false,
      };
      site?.children.push(child);
      inside.push({ node: value, site: child });
    };
    for (const [key, value] of Object.entries(node)) {
      const slot = slotOf(key);
      const segment = pointerSegment(key);
      if (slot === "one") at(node as Schema, key, segment, hint);
      else if (slot === "list" && Array.isArray(value))
        value.forEach((_, i) => void at(value, i, `${segment}/${i}`, hint));
      else if (slot === "map" && isContainer(value) && !Array.isArray(value))
        for (const name of Object.keys(value)) at(value as Schema, name, `${segment}/${pointerSegment(name)}`, name);
    }
    for (let i = inside.length - 1; i >= 0; i--) stack.push(inside[i]!);
  }
  return sites;
}

function pathOf(site: Site): string {
  const segments: string[] = [];
  for (let at: Site | undefined = site; at; at = at.parent) segments.push(at.segment);
  return `/${segments.reverse().join("/")}`;
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
