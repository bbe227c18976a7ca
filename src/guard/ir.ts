import { pointerTarget } from "../util/pointer.js";
import { cut } from "../util/text.js";
import {
  ANY,
  type IgnoredKeyword,
  type Node,
  type ReadOptions,
  type ScopeDocument,
  type VocabularyReading,
} from "./node.js";
import { sameValueParts } from "./parts.js";
import { refuse, mustBe, type SchemaReader } from "./keywords/read.js";
import { keywordOf } from "./keywords/index.js";
import type { KeywordDeclaration } from "./keywords/keyword.js";
import { Resources } from "./resources.js";

// Meta-schemas whose vocabularies are the ones read here; another `$schema` may switch any of them off. Generators
// write them with http or https and with or without the empty fragment (schemars, zod-to-json-schema, pydantic
// differ), so those are compared without.
const META_SCHEMAS = new Set([
  "json-schema.org/draft/2020-12/schema",
  "json-schema.org/draft/2019-09/schema",
  "json-schema.org/draft-07/schema",
  "json-schema.org/draft-06/schema",
  "json-schema.org/draft-04/schema",
]);

/**
 * The meta-schema URI without its scheme and empty fragment: `http://json-schema.org/draft-07/schema#` is
 * `json-schema.org/draft-07/schema`.
 */
const metaSchemaKey = (uri: string) => uri.replace(/^https?:\/\//, "").replace(/#$/, "");

const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "$vocabulary",
  "$defs",
  "definitions",
  "contentMediaType",
  "contentSchema",
  "discriminator",
  "example",
]);

/**
 * Reads a JSON Schema into checked nodes. Each keyword is read by its own module (`./keywords/`); this reader
 * finds each key's owner, reads the identifiers and annotations itself, and resolves `$ref`s after the pass.
 * Throws `SchemaError` naming the keyword and its location for anything the guards do not check: nothing is
 * silently accepted. With `untrusted`, an unknown keyword is left out of the check instead and listed in `ignored`.
 *
 * @example
 * readSchema({ type: "string", minLength: 1 }); // { id: 0, types: STRING, minLength: 1 }
 */
export function readSchema(root: unknown, options: ReadOptions = {}, ignored: IgnoredKeyword[] = []): Node {
  const reader = new Reader(root, options, ignored);
  const node = reader.read(root, "#");
  const scopes = reader.resolve();
  if (scopes) node.scopes = scopes;
  return node;
}

class Reader implements SchemaReader, ScopeDocument {
  private nextId = 0;
  private readonly byObject = new Map<object, Node>();
  readonly nodes: ReadonlyMap<object, Node> = this.byObject;
  /** Nodes whose keywords are being read: a schema object met again among them contains itself. */
  private readonly reading = new Set<Node>();
  private readonly refs: { node: Node; at: string; schema: object; dynamic: boolean }[] = [];
  /** The anchor names some `$dynamicRef` resolves at run time, each with its scope slot. */
  readonly slots = new Map<string, number>();
  private indexed: Resources | undefined;
  /** A `$id` or an anchor was read: references resolve against base URIs, not the root alone. */
  private sawIds = false;
  /**
   * How schema objects are read under the root's custom meta-schema (without the keywords its `$vocabulary` leaves
   * out).
   */
  private keep: VocabularyReading | undefined;

  constructor(
    private readonly root: unknown,
    readonly options: ReadOptions,
    private readonly ignored: IgnoredKeyword[],
  ) {}

  read(schema: unknown, at: string): Node {
    if (schema === true) return { id: this.nextId++, types: ANY };
    if (schema === false) return { id: this.nextId++, types: ANY, never: true };
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      throw refuse("the schema", at, `must be an object or a boolean, received ${JSON.stringify(schema)}`);
    }
    const known = this.byObject.get(schema);
    if (known) {
      // A schema object may be shared, but not contain itself: recursion is written with `$ref`.
      if (this.reading.has(known))
        throw refuse("the schema", at, "contains itself; write the recursion with $ref (t.recursive does)");
      return known;
    }
    const node: Node = { id: this.nextId++, types: ANY };
    this.byObject.set(schema, node);
    this.reading.add(node);
    let object = schema as Readonly<Record<string, unknown>>;
    if (object.$schema !== undefined) this.metaSchema(object.$schema, object, at);
    if (this.keep) object = this.keep(object);
    // Every key is known before any is read; each owner then reads its keys together, in the order first met.
    const keywords = new Set<KeywordDeclaration>();
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (value === undefined && key !== "const") continue; // possible in a JavaScript object, never in JSON: absent
      const keyword = keywordOf(key);
      if (keyword) keywords.add(keyword);
      else this.core(key, value, at);
    }
    for (const keyword of keywords) {
      if (keyword.read) keyword.read(object, node, at, this);
      // By default each key holds one schema, read into the node field of its name.
      else
        for (const key of keyword.keys)
          if (object[key] !== undefined)
            (node as unknown as Record<string, Node>)[key] = this.read(object[key], `${at}/${key}`);
    }
    this.reading.delete(node);
    return node;
  }

  reference(node: Node, _pointer: string, at: string, schema: object, dynamic = false): void {
    this.refs.push({ node, at, schema: this.keep?.original(schema) ?? schema, dynamic });
  }

  // The keys no keyword owns: identifiers, the meta-schema, annotations; anything else is refused.
  private core(key: string, value: unknown, at: string): void {
    switch (key) {
      case "$id":
      case "$anchor":
      case "$dynamicAnchor":
        if (typeof value !== "string") throw mustBe(key, at, "a string", value);
        this.sawIds = true;
        return;
      case "id":
        // Draft-04's `$id`, kept as an annotation: nothing resolves against it (a `$ref` to it says it points nowhere).
        if (typeof value !== "string") throw mustBe(key, at, "a string (draft-04's identifier)", value);
        return;
      case "$schema": // read first, by metaSchema
        return;
      default:
        if (ANNOTATIONS.has(key) || key.startsWith("x-")) return;
        // Someone else's schema may carry its own annotations (markdownDescription, errorMessage): left out, and said.
        if (this.options.untrusted) this.ignored.push({ keyword: key, at });
        else {
          throw refuse(
            `unsupported keyword "${key}"`,
            at,
            "(tooltype does not check it, and ignoring it would let invalid values through)",
          );
        }
    }
  }

  /**
   * A `$schema` other than the drafts' own names a document given in `schemas`, read by `vocabularies`: the keywords
   * of the vocabularies it leaves out are not applied in this document.
   */
  private metaSchema(uri: unknown, schema: object, at: string): void {
    if (typeof uri === "string" && META_SCHEMAS.has(metaSchemaKey(uri))) return;
    const what = `"$schema" ${cut(JSON.stringify(uri), 80)}`;
    const find = (ref: string) => this.index().find(ref, schema, at);
    const reading = this.options.vocabularies?.reading(uri, find, schema === this.root);
    if (typeof reading === "string") throw refuse(what, at, reading);
    if (!reading)
      throw refuse(
        what,
        at,
        "is not supported: a custom meta-schema may switch vocabularies off; give it in { schemas }, with { vocabularies } to read it (never fetched)",
      );
    // The root's is read first, and only it may leave keywords out: one below it reads every keyword anyway.
    this.keep ??= reading;
  }

  /**
   * Points every `$ref` at its node; targets are read on demand, so unused `$defs` are never checked. Returns how
   * many anchor names `$dynamicRef`s resolve at run time.
   */
  resolve(): number {
    // Duplicate `$id`s are refused even when nothing refers to them (definitions are read on demand).
    const root = this.root as Record<string, unknown> | null;
    if (
      this.sawIds ||
      (typeof root === "object" && root !== null && (root.$defs !== undefined || root.definitions !== undefined))
    )
      this.index();
    for (let i = 0; i < this.refs.length; i++) {
      const { node, at, schema, dynamic } = this.refs[i]!;
      const target = this.lookup(node.ref!.pointer, schema, at, dynamic ? "$dynamicRef" : "$ref");
      // Read at the reference with a fragment, so what is below it is named as a JSON Pointer in it ("a.json#/items").
      const pointer = node.ref!.pointer;
      node.ref!.target = this.read(target, pointer.includes("#") ? pointer : `${pointer}#`);
      if (dynamic) this.dynamicTarget(node.ref!, target, at);
    }
    if (this.slots.size) this.options.dynamicScope!.mark(this);
    this.refuseLoops();
    return this.slots.size;
  }

  get resources(): Resources {
    return this.index();
  }

  get refNodes(): Node[] {
    return this.refs.map((r) => r.node);
  }

  /** A `$dynamicRef` is read by `dynamicScope`, and refused without it. */
  private dynamicTarget(ref: NonNullable<Node["ref"]>, target: unknown, at: string): void {
    if (!this.options.dynamicScope)
      throw refuse(
        `"$dynamicRef" ${JSON.stringify(ref.pointer)}`,
        at,
        "needs { dynamicScope } (from tooltype/guard; the root entry's compile passes it)",
      );
    this.options.dynamicScope.read(ref, target, this);
  }

  /**
   * Refuses a `$ref` that comes back to the same value (through allOf, anyOf, oneOf, not and `$ref`
   * alone, entering no item or property): checking a value there would never end. Such a loop always
   * holds a `$ref`, since a schema object may not contain itself; the latest one followed is named.
   */
  private refuseLoops(): void {
    const where = new Map(this.refs.map((r) => [r.node, r.at]));
    const done = new Set<Node>();
    const open = new Set<Node>();
    const followed: Node[] = [];
    const visit = (node: Node): void => {
      if (done.has(node)) return;
      if (open.has(node)) {
        const ref = followed[followed.length - 1]!;
        throw refuse(
          `"$ref" ${JSON.stringify(ref.ref!.pointer)}`,
          where.get(ref)!,
          "comes back to the same value without entering an item or a property, so checking it would never end",
        );
      }
      open.add(node);
      for (const next of sameValueParts(node)) visit(next);
      if (node.ref) {
        followed.push(node);
        visit(node.ref.target!);
        for (const candidate of node.ref.dynamic?.candidates ?? []) visit(candidate);
        followed.pop();
      }
      open.delete(node);
      done.add(node);
    };
    for (const { node } of this.refs) visit(node);
  }

  /**
   * The schema a `$ref` names. Without any `$id` or anchor in the document, `#` and `#/...` are read
   * from the root directly; otherwise the reference is resolved against the base URI of the schema that
   * holds it (a nested `$id` changes it), as a resource, a JSON Pointer into one, or an anchor.
   */
  private lookup(pointer: string, from: object, at: string, key: string): unknown {
    const local = !this.sawIds && !this.options.schemas;
    if (local && (pointer === "#" || pointer === "")) return this.root;
    if (local && pointer.startsWith("#/")) {
      const here = pointerTarget(this.root, pointer.slice(1));
      if (here !== undefined) return here;
    } else {
      const found = this.index().find(pointer, from, at);
      if (found !== undefined) return found;
    }
    const absolute = this.index().absolute(pointer, from);
    const remote = !absolute.startsWith("tooltype:");
    throw refuse(
      `"${key}" ${JSON.stringify(pointer)}`,
      at,
      `points to nothing in this schema${remote ? ` (${absolute}: never fetched; pass the document in { schemas }, or inline it under $defs with its $id)` : ""}`,
    );
  }

  // TypeBox's Type.Ref writes `$ref: "Name"` next to a schema with `$id: "Name"`: both resolve to one URI.
  private index(): Resources {
    return (this.indexed ??= new Resources(this.root, refuse, this.options.schemas));
  }
}
