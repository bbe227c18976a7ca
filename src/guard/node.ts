// The checked schema form: what every guard path (generated code, interpreter, errors) reads, and what the reader
// (./ir.ts) and each keyword's reader (./keywords/) write.
import type { FormatCheck } from "./format-checks.js";
import type { Build, CallState, Check } from "./interpret/check.js";
import type { RefChecks } from "./keywords/ref.js";
import type { Resources } from "./resources.js";

// JSON types as bits, so a node's allowed types are one number.
export const NULL = 1,
  BOOLEAN = 2,
  INTEGER = 4,
  NUMBER = 8,
  STRING = 16,
  ARRAY = 32,
  OBJECT = 64;
export const ANY = 127;
/** The JSON type names and their bits. */
export const TYPE_BITS = new Map([
  ["null", NULL],
  ["boolean", BOOLEAN],
  ["integer", INTEGER],
  ["number", NUMBER],
  ["string", STRING],
  ["array", ARRAY],
  ["object", OBJECT],
]);

/** A declared property of an object node. */
export interface PropertyNode {
  readonly key: string;
  readonly node: Node;
  readonly required: boolean;
}

/**
 * One schema, checked and normalised: what every guard path (generated code, interpreter, errors)
 * reads, so they cannot disagree about what a keyword means. Nodes may form cycles through `ref`.
 * Only the keywords a schema has are set.
 */
export interface Node {
  readonly id: number;
  /** `false` schema (or `not: {}`): nothing matches. */
  never?: boolean;
  /** Allowed JSON types as bits; `ANY` when unconstrained. `NUMBER` includes integers. */
  types: number;
  enum?: readonly unknown[];
  isConst?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  format?: { readonly name: string; readonly check: FormatCheck };
  base64?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  prefixItems?: readonly Node[];
  items?: Node;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  contains?: Node;
  minContains?: number;
  maxContains?: number;
  properties?: readonly PropertyNode[];
  /** Required names that have no entry in `properties`. */
  requiredOnly?: readonly string[];
  patternProperties?: readonly { readonly pattern: RegExp; readonly node: Node }[];
  additionalProperties?: Node;
  propertyNames?: Node;
  minProperties?: number;
  maxProperties?: number;
  allOf?: readonly Node[];
  anyOf?: readonly Node[];
  oneOf?: readonly Node[];
  not?: Node;
  /** `if` with its `then` and `else` (either may be absent); set only when `if` is. */
  if?: Node;
  then?: Node;
  else?: Node;
  /** `dependentRequired` (and draft-07 `dependencies` lists): when `key` is present, so must `required` be. */
  dependentRequired?: readonly { readonly key: string; readonly required: readonly string[] }[];
  /** `dependentSchemas` (and draft-07 `dependencies` schemas): when `key` is present, the object must match `node`. */
  dependentSchemas?: readonly { readonly key: string; readonly node: Node }[];
  /** What properties no other keyword of this node (or of its passing in-place subschemas) evaluated must match. */
  unevaluatedProperties?: Node;
  /** What items no other keyword of this node (or of its passing in-place subschemas) evaluated must match. */
  unevaluatedItems?: Node;
  /**
   * A `$ref` or `$dynamicRef`: the node it points to, filled in once the target is read (it may be an ancestor).
   * A `$dynamicRef` whose target depends on the path taken has `dynamic`.
   */
  ref?: { target: Node | undefined; readonly pointer: string; dynamic?: DynamicTarget };
  /**
   * The `$dynamicAnchor`s this node's schema resource brings into the dynamic scope when a check enters the
   * resource here (at its root, or through a `$ref` into it). Set only where some `$dynamicRef` depends on them.
   */
  enters?: readonly ScopeEntry[];
  /** On the root only: how many anchor names some `$dynamicRef` resolves through the dynamic scope. */
  scopes?: number;
}

/**
 * A `$dynamicRef` resolved at run time: the scope slot of its anchor name, and every schema in the document with a
 * `$dynamicAnchor` of that name. The slot holds the index (in `candidates`) of the outermost one in scope.
 */
export interface DynamicTarget {
  readonly slot: number;
  readonly candidates: readonly Node[];
}

/** One `$dynamicAnchor` a resource brings into scope: its name's slot, and its index among that name's candidates. */
export interface ScopeEntry {
  readonly slot: number;
  readonly index: number;
}

/**
 * The dynamic scope of one guard call: for each anchor name (slot), the index of the outermost resource's
 * candidate entered so far, or undefined.
 */
export type Scope = (number | undefined)[];

/** The node a `$ref` or `$dynamicRef` names in the current dynamic scope. @example refTarget(node.ref!, scope) */
export function refTarget(ref: NonNullable<Node["ref"]>, scope: Scope): Node {
  const index = ref.dynamic ? scope[ref.dynamic.slot] : undefined;
  return index === undefined ? ref.target! : ref.dynamic!.candidates[index]!;
}

/** Options that change how a schema is read. */
export interface ReadOptions {
  /** Extra `format` checks by name (a function or a RegExp). */
  readonly formats?: { readonly [name: string]: FormatCheck | RegExp };
  /**
   * The schema comes from someone else (an MCP server, a user): `{ untrusted }` from `tooltype/guard`.
   * A `pattern` that could backtrack catastrophically is refused, and the schema's size is bounded. A keyword
   * the guard does not know (another tool's annotation: `markdownDescription`, `errorMessage`) is left out of
   * the check and listed in the guard's `ignored`, where a schema of one's own refuses it (usually a typo). A
   * value, not a flag, so that apps that never read others' schemas do not ship the pattern check.
   */
  readonly untrusted?: Untrusted;
  /**
   * `false`: `format` and `contentEncoding` are annotations only, as draft 2020-12 reads them by default
   * (nothing is checked, not even the formats given in `formats`). Default `true`: known formats and
   * base64 are checked, as users of a tool schema expect.
   */
  readonly assertFormats?: boolean;
  /**
   * `dynamicScope` from `tooltype/guard`: a `$dynamicRef` that names another schema depending on the path taken is
   * resolved at run time; without it such a `$dynamicRef` is refused. The root entry's `compile` passes it.
   */
  readonly dynamicScope?: DynamicScope;
  /**
   * Other schema documents by absolute URI (each also by its own `$id`), for `$ref`, `$dynamicRef` and `$schema` to
   * reach: nothing is ever fetched. Read as the schema is (limits, `untrusted`), and only the parts reached.
   */
  readonly schemas?: Readonly<Record<string, object | boolean>>;
  /**
   * `vocabularies` from `tooltype/guard`: a `$schema` naming a custom meta-schema given in `schemas` is read for its
   * `$vocabulary` (the keywords of a vocabulary it leaves out are not applied); without it such a `$schema` is refused.
   */
  readonly vocabularies?: Vocabularies;
}

/**
 * What `compile(s, { vocabularies })` needs (`vocabularies` from `tooltype/guard`): the reading of a custom
 * meta-schema's `$vocabulary`.
 */
export interface Vocabularies {
  /**
   * How the document's schema objects are read under the meta-schema a `$schema` names: each without the keywords
   * the meta-schema leaves out (a copy; the object itself when it leaves none out), and `original` gives the object
   * a copy was made of. A string: why tooltype cannot read it; undefined when `find` (a document given in `schemas`,
   * by URI) does not give it. `root`: the `$schema` is at the root of the schema compiled (elsewhere, one that leaves
   * keywords out is refused).
   */
  reading(uri: unknown, find: (uri: string) => unknown, root: boolean): VocabularyReading | string | undefined;
}

/**
 * A schema object as the keywords of a custom meta-schema's vocabularies read it (`Vocabularies.reading`).
 *
 * @example
 * const copy = reading({ minimum: 10, $ref: "#/$defs/a" }); // { $ref: "#/$defs/a" }: validation left out
 * reading.original(copy); // the schema object it was made from, where `$ref` resolves
 */
export interface VocabularyReading {
  (schema: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
  /** The schema object `copy` was made from, or undefined for an object not made here. */
  original(copy: object): object | undefined;
}

/**
 * What `compile(s, { dynamicScope })` needs (`dynamicScope` from `tooltype/guard`): the reading of `$dynamicRef`s
 * resolved at run time, and the interpreter's check of a node that enters a resource.
 */
export interface DynamicScope {
  /** Reads a `$dynamicRef` whose first target is `target`: into `ref.dynamic` when it resolves at run time. */
  read(ref: NonNullable<Node["ref"]>, target: unknown, document: ScopeDocument): void;
  /** Once every reference is resolved: sets `enters` where a check enters a resource holding such an anchor. */
  mark(document: ScopeDocument): void;
  /** The check of a node with `enters`: the anchors come into the call's scope while `check` runs. */
  enter(entries: readonly ScopeEntry[], check: Check, state: CallState): Check;
  /**
   * A `$ref` or `$dynamicRef` check of such a schema: `refCheck`'s, its target found in the scope, its verdicts kept
   * per scope.
   */
  refCheck(ref: NonNullable<Node["ref"]>, build: Build, refs: RefChecks): Check;
}

/** What `DynamicScope` reads of a document being read: its resources, its nodes by schema object, its `$ref` nodes. */
export interface ScopeDocument {
  read(schema: unknown, at: string): Node;
  readonly resources: Resources;
  /** Each anchor name resolved at run time, with its scope slot. */
  readonly slots: Map<string, number>;
  readonly nodes: ReadonlyMap<object, Node>;
  readonly refNodes: readonly Node[];
}

/** What `compile(s, { untrusted })` needs: why a pattern could hang (`patternHazard`), or undefined when it cannot. */
export interface Untrusted {
  patternHazard(source: string): string | undefined;
}

/**
 * A keyword an untrusted schema holds that the guard does not know, left out of the check: its name, and the JSON
 * Pointer (in the schema) of the object holding it.
 *
 * @example
 * compile({ type: "string", markdownDescription: "**Name**" }, { untrusted }).ignored;
 * // [{ keyword: "markdownDescription", at: "#" }]
 */
export interface IgnoredKeyword {
  readonly keyword: string;
  readonly at: string;
}

/** Thrown when a schema cannot be compiled: an unsupported keyword, a bad value, a `$ref` that points nowhere. */
export class SchemaError extends TypeError {
  override readonly name = "SchemaError";
}

const PROTO_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True for property names that a plain object inherits, which need an own-property test. */
export function isPrototypeKey(key: string): boolean {
  return PROTO_KEYS.has(key);
}
