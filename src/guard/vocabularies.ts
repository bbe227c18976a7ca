// A custom meta-schema's `$vocabulary` (draft 2020-12 section 8.1.2), as a value to pass to `compile`: apps whose
// schemas name no custom meta-schema do not ship it, nor the meta-schemas it reads the vocabularies' keywords from.
import type { Vocabularies, VocabularyReading } from "./node.js";
import { META_SCHEMAS_2020_12 } from "./meta-schemas.js";

type MetaSchema = { readonly $vocabulary?: Readonly<Record<string, unknown>>; readonly properties?: object };

const DIALECT = META_SCHEMAS_2020_12["https://json-schema.org/draft/2020-12/schema"] as MetaSchema;
const VOCABULARY = "https://json-schema.org/draft/2020-12/vocab/";

/**
 * The keywords a 2020-12 vocabulary defines, as its meta-schema lists them; undefined for a vocabulary not of 2020-12.
 */
function keywordsOf(vocabulary: string): object | undefined {
  const metaSchema = `https://json-schema.org/draft/2020-12/meta/${vocabulary.slice(VOCABULARY.length)}`;
  return vocabulary.startsWith(VOCABULARY) && Object.hasOwn(META_SCHEMAS_2020_12, metaSchema)
    ? (META_SCHEMAS_2020_12[metaSchema] as MetaSchema).properties
    : undefined;
}

/**
 * `compile(schema, { schemas, vocabularies })`: a `$schema` naming a custom meta-schema given in `schemas` is read for
 * its `$vocabulary`. The keywords of each 2020-12 vocabulary it leaves out are not applied (unless a vocabulary it
 * lists defines them too: format-assertion's `format`); a vocabulary it lists that tooltype does not know is ignored
 * when optional (`false`) and refused when required (`true`). The core vocabulary always applies. Without this value,
 * a custom meta-schema is refused.
 *
 * @example
 * import { compile, vocabularies } from "tooltype/guard";
 * const meta = {
 *   $vocabulary: {
 *     "https://json-schema.org/draft/2020-12/vocab/core": true,
 *     "https://json-schema.org/draft/2020-12/vocab/applicator": true,
 *   },
 * };
 * const guard = compile(
 *   { $schema: "https://example.com/meta", minimum: 10 },
 *   { schemas: { "https://example.com/meta": meta }, vocabularies },
 * );
 * guard(1); // true: the meta-schema leaves the validation vocabulary out
 */
export const vocabularies: Vocabularies = {
  reading(uri, find, root) {
    const metaSchema = typeof uri === "string" ? find(uri) : undefined;
    if (metaSchema === undefined) return undefined;
    const used = (metaSchema as MetaSchema | null)?.$vocabulary;
    const off = new Set<string>();
    if (used === undefined) return without(off); // the meta-schema's own vocabularies: those of 2020-12
    if (typeof used !== "object" || used === null || Array.isArray(used))
      return `names a meta-schema whose "$vocabulary" is not an object of vocabulary URIs and booleans`;
    const on = new Set<string>();
    for (const vocabulary of Object.keys(used)) {
      const listed = keywordsOf(vocabulary);
      if (!listed && used[vocabulary] === true)
        return `requires the vocabulary ${vocabulary}, which tooltype does not know (a vocabulary marked false would be ignored)`;
      for (const key of Object.keys(listed ?? {})) on.add(key);
    }
    for (const vocabulary of Object.keys(DIALECT.$vocabulary!)) {
      if (Object.hasOwn(used, vocabulary) || vocabulary.endsWith("/core")) continue;
      for (const key of Object.keys(keywordsOf(vocabulary)!)) if (!on.has(key)) off.add(key);
    }
    return off.size && !root
      ? "leaves vocabularies out, which only the $schema at the root of the schema compiled may"
      : without(off);
  },
};

/** Schema objects read without the keywords in `off`: a copy of each, which remembers its original. */
function without(off: ReadonlySet<string>): VocabularyReading {
  const originals = new WeakMap<object, object>();
  const reading = (schema: Readonly<Record<string, unknown>>) => {
    if (!off.size) return schema;
    // A copy, not the keys alone: a keyword's reading reads its siblings too (`properties` reads `required`).
    const copy = Object.fromEntries(Object.entries(schema).filter(([key]) => !off.has(key)));
    originals.set(copy, schema);
    return copy;
  };
  return Object.assign(reading, { original: (copy: object) => originals.get(copy) });
}
