// Every keyword's reader (`./read.ts`), for the schema reader (`../ir.ts`) to find each key's owner.
import { allOfReader } from "./all-of.js";
import { containsReader } from "./contains.js";
import { contentEncodingReader } from "./content-encoding.js";
import { dependentReader } from "./dependent.js";
import { enumReader } from "./enum.js";
import { exclusiveMaximumReader } from "./exclusive-maximum.js";
import { exclusiveMinimumReader } from "./exclusive-minimum.js";
import { formatReader } from "./format.js";
import { conditionalReader } from "./if-then-else.js";
import { itemsReader } from "./items.js";
import { maxLengthReader } from "./max-length.js";
import { maximumReader } from "./maximum.js";
import { minLengthReader } from "./min-length.js";
import { minimumReader } from "./minimum.js";
import { multipleOfReader } from "./multiple-of.js";
import { notReader } from "./not.js";
import { patternReader } from "./pattern.js";
import { propertiesReader } from "./properties.js";
import type { KeywordReader } from "./read.js";
import { refReader } from "./ref.js";
import { typeReader } from "./type.js";
import { unevaluatedReader } from "./unevaluated.js";
import { unionReader } from "./union.js";
import { uniqueItemsReader } from "./unique-items.js";

/**
 * The readers of every keyword the guards check. A schema key none of them owns is refused, unless the schema
 * reader knows it as an identifier (`$id`, `$anchor`, `$schema`) or an annotation.
 *
 * @example
 * KEYWORD_READERS.flatMap((k) => k.keys).includes("minLength"); // true
 */
export const KEYWORD_READERS: readonly KeywordReader[] = [
  typeReader,
  enumReader,
  minLengthReader,
  maxLengthReader,
  patternReader,
  formatReader,
  contentEncodingReader,
  minimumReader,
  maximumReader,
  exclusiveMinimumReader,
  exclusiveMaximumReader,
  multipleOfReader,
  itemsReader,
  uniqueItemsReader,
  containsReader,
  propertiesReader,
  dependentReader,
  allOfReader,
  unionReader,
  notReader,
  conditionalReader,
  refReader,
  unevaluatedReader,
];
