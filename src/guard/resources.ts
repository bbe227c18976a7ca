// Base URIs, `$id` and `$anchor`: which schema object a `$ref` names (draft 2020-12 sections 8.2 and 9).
import { pointerTarget } from "../util/pointer.js";
import { eachSubschema } from "./subschemas.js";

/**
 * The base URI of a document without `$id`, so relative `$id`s and `$ref`s have something to resolve against.
 *
 * @example
 * resolveUri("item.json", DEFAULT_BASE); // "tooltype:/item.json"
 */
const DEFAULT_BASE = "tooltype:/root.json";

const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * Every schema resource of a document (the root, and each subschema with a `$id`) by its absolute URI,
 * every `$anchor` by URI and name, and each schema object's base URI; the same of each document `schemas` gives
 * (compile's option: by its URI, and by its own `$id`). Two schemas with one `$id` (or one anchor in one resource)
 * are refused: which one a `$ref` means would be a guess.
 *
 * @example
 * const index = new Resources({ $id: "https://x/a.json", $defs: { b: { $id: "b.json" } } }, refuse);
 * index.find("b.json", root);  // the schema under $defs/b
 */
export class Resources {
  private readonly byUri = new Map<string, unknown>();
  private readonly anchors = new Map<string, object>();
  private readonly bases = new Map<object, string>();

  constructor(
    root: unknown,
    private readonly refuse: (what: string, at: string, why: string) => Error,
    schemas: Readonly<Record<string, unknown>> = {},
  ) {
    const seen = new Set<object>();
    this.walk(root, DEFAULT_BASE, "#", seen);
    for (const uri in schemas) {
      // A document's key is its retrieval URI (RFC 3986's base of last resort); its own `$id` names it too.
      const key = withoutFragment(resolveUri(uri, DEFAULT_BASE) ?? uri);
      this.add(this.byUri, key, schemas[uri], `"schemas" key ${JSON.stringify(uri)}`, "#");
      this.walk(schemas[uri], key, `${key}#`, seen);
    }
  }

  /** The base URI a schema object's `$ref` resolves against. */
  baseOf(schema: object): string {
    return this.bases.get(schema) ?? DEFAULT_BASE;
  }

  /**
   * The schema a `$ref` written in `from` names, or undefined when it is in no resource of this
   * document (a remote reference). Throws on a reference that is not a URI.
   */
  find(ref: string, from: object, at: string): unknown {
    const absolute = resolveUri(ref, this.baseOf(from));
    if (absolute === undefined)
      throw this.refuse(`"$ref" ${JSON.stringify(ref)}`, at, `is not a URI reference (base ${this.baseOf(from)})`);
    const hash = absolute.indexOf("#");
    const resource = hash < 0 ? absolute : absolute.slice(0, hash);
    const fragment = hash < 0 ? "" : absolute.slice(hash + 1);
    const doc = this.byUri.get(resource);
    if (fragment === "") return doc;
    // A pointer's segments are percent-decoded one by one (refSegment); an anchor is a plain name.
    if (fragment.startsWith("/")) return doc === undefined ? undefined : pointerTarget(doc, fragment);
    return this.anchors.get(`${resource}#${decodeFragment(fragment)}`);
  }

  /**
   * Every schema object of the document (those reached through keywords whose values are schemas), in document order.
   */
  schemas(): IterableIterator<object> {
    return this.bases.keys();
  }

  /** The absolute form of a `$ref`, for messages. */
  absolute(ref: string, from: object): string {
    return resolveUri(ref, this.baseOf(from)) ?? ref;
  }

  private walk(schema: unknown, base: string, at: string, seen: Set<object>): void {
    if (typeof schema !== "object" || schema === null || Array.isArray(schema) || seen.has(schema)) return;
    seen.add(schema);
    const s = schema as Record<string, unknown>;
    let here = base;
    if (typeof s.$id === "string") {
      const id = resolveUri(s.$id, base);
      if (id === undefined) throw this.refuse(`"$id" ${JSON.stringify(s.$id)}`, at, "is not a URI reference");
      here = withoutFragment(id);
      if (id.length > here.length + 1)
        throw this.refuse(
          `"$id" ${JSON.stringify(s.$id)}`,
          at,
          "has a fragment; name a location inside a schema with $anchor",
        );
      this.add(this.byUri, here, schema, `"$id" ${JSON.stringify(s.$id)}`, at);
    } else if (at === "#") this.byUri.set(base, schema);
    this.bases.set(schema, here);
    for (const key of ["$anchor", "$dynamicAnchor"] as const) {
      const name = s[key];
      if (name === undefined) continue;
      if (typeof name !== "string" || !ANCHOR.test(name))
        throw this.refuse(
          `"${key}" ${JSON.stringify(name)}`,
          at,
          "must be a name: a letter or _, then letters, digits, -, _ or .",
        );
      // $anchor and $dynamicAnchor of one name on one schema are one anchor.
      if (this.anchors.get(`${here}#${name}`) !== schema)
        this.add(this.anchors, `${here}#${name}`, schema, `"${key}" ${JSON.stringify(name)}`, at);
    }
    // Only the keywords holding sub-schemas are walked: a `$id` inside `enum`, `const`, `default`, `examples` or an
    // `x-` keyword is data, not a schema.
    eachSubschema(s, at, (subschema, where) => this.walk(subschema, here, where, seen));
  }

  private add(map: Map<string, unknown>, key: string, schema: unknown, what: string, at: string): void {
    const known = map.get(key);
    if (known !== undefined && known !== schema)
      throw this.refuse(what, at, `names a second schema as ${key}; each $id and $anchor must name one schema`);
    map.set(key, schema);
  }
}

/**
 * `ref` resolved against `base` (RFC 3986 section 5), or undefined when either is not a URI.
 *
 * @example
 * resolveUri("b.json#x", "https://example.com/a/root.json"); // "https://example.com/a/b.json#x"
 */
function resolveUri(ref: string, base: string): string | undefined {
  try {
    const url = new URL(ref, base);
    // URL writes an empty fragment as "#"; a URI with an empty fragment names the same resource.
    return url.href.endsWith("#") ? url.href.slice(0, -1) : url.href;
  } catch {
    return undefined;
  }
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash < 0 ? uri : uri.slice(0, hash);
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
