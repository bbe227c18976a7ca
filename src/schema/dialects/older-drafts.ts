// Older drafts in draft 2020-12 form, before a provider's dialect writes them: what schemars, zod-to-json-schema
// and OpenAPI 3.0 tools write reaches every provider intact.
import { setOwn } from "../../util/own.js";

type Schema = Record<string, unknown>;

const OLDER_DRAFTS = /^https?:\/\/json-schema\.org\/(draft-0[467]|draft\/2019-09)\/schema#?$/;
/** Keys whose value is data, not schemas: never rewritten. @example VALUES.has("default") // true */
export const VALUES: ReadonlySet<string> = new Set(["enum", "const", "default", "examples"]);

/**
 * A schema of an older draft in draft 2020-12 form: the root's `definitions` as `$defs` (with the `#/definitions/...`
 * references into them), draft-04's and OpenAPI 3.0's boolean `exclusiveMinimum` / `exclusiveMaximum` as the
 * bound beside them (`false` says nothing), and an older `$schema` as 2020-12's. Only what changes is copied: a
 * schema already in 2020-12 form is returned as it is. Gemini inlines `$defs` only, and OpenAI's strict mode keeps
 * `$defs` but describes an unknown `definitions`, which left its references pointing nowhere.
 *
 * @example
 * currentDraft({ definitions: { A: { type: "string" } }, $ref: "#/definitions/A" });
 * // { $ref: "#/$defs/A", $defs: { A: { type: "string" } } }
 */
export function currentDraft(schema: Schema): Schema {
  const definitions = schema.definitions;
  const renamed = typeof definitions === "object" && definitions !== null && !Array.isArray(definitions);
  let out = rewrite(schema, renamed) as Schema;
  if (renamed) {
    const { definitions: moved, ...rest } = out;
    out = { ...rest, $defs: { ...(moved as Schema), ...(rest.$defs as Schema | undefined) } }; // $defs wins a clash
  }
  if (typeof out.$schema === "string" && OLDER_DRAFTS.test(out.$schema))
    out = { ...out, $schema: "https://json-schema.org/draft/2020-12/schema" };
  return out;
}

function rewrite(value: unknown, renamed: boolean): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const written = rewrite(item, renamed);
      if (written !== item) changed = true;
      return written;
    });
    return changed ? items : value;
  }
  if (typeof value !== "object" || value === null) return value;
  const s = value as Schema;
  let out: Schema | undefined;
  const change = (key: string, to: unknown) => {
    out ??= { ...s };
    if (to === undefined) delete out[key];
    else setOwn(out, key, to);
  };
  for (const key of Object.keys(s)) {
    const v = s[key];
    if (key === "$ref" && renamed && typeof v === "string" && v.startsWith("#/definitions/"))
      change(key, `#/$defs/${v.slice(14)}`);
    else if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof v === "boolean") {
      const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
      if (!v) change(key, undefined);
      else if (typeof s[bound] === "number") {
        change(key, s[bound]);
        change(bound, undefined);
      }
    } else if (!VALUES.has(key) && typeof v === "object" && v !== null) {
      const written = rewrite(v, renamed);
      if (written !== v) change(key, written);
    }
  }
  return out ?? s;
}
