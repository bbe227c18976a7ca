/**
 * `tooltype/guard`: `compile` with the interpreter, which runs everywhere (a CSP without `unsafe-eval`,
 * Workers). Pass `{ jit }` from `tooltype/jit` for generated code where eval is allowed.
 *
 * @example
 * import { compile } from "tooltype/guard";
 * const isCity = compile(t.object({ city: t.string() }));
 * isCity({ city: "Paris" }); // true
 */
export { compile, ValidationError, type Guard, type GuardType, type CompileOptions, type Jit } from "./compile.js";
export { compileDescriptor, type CompileDescriptorOptions } from "./compile-descriptor.js";
export { standard } from "./to-standard.js";
export type { GuardStandardProps, StandardJSONSchemaOptions } from "./standard.js";
export {
  SchemaError,
  type Untrusted,
  type IgnoredKeyword,
  type DynamicScope,
  type Vocabularies,
  type VocabularyReading,
} from "./node.js";
export { untrusted, patternHazard } from "./pattern-safety.js";
export { dynamicScope } from "./dynamic-scope.js";
export { FORMATS, type FormatCheck } from "./format-checks.js";
export { IDN_FORMATS } from "./idn-formats.js";
export { META_SCHEMAS_2020_12 } from "./meta-schemas.js";
export { vocabularies } from "./vocabularies.js";
export type { Issue, IssueCode } from "./issue.js";
export type { StandardSchemaV1 } from "../util/standard-schema.js";
