// The builders: each by itself (`import * as t from "tooltype/t"` keeps only those called) and as the `t` object.
import { string, number, integer, boolean, nullType, any } from "./primitives.js";
import { datetime, date, time, bytes } from "./string-formats.js";
import { literal, enumType } from "./literal.js";
import { array, set, tuple } from "./array.js";
import { object, record } from "./object.js";
import { optional, nullable } from "./modifiers.js";
import { union } from "./union.js";
import { named, recursive } from "./named.js";

export {
  string,
  number,
  integer,
  boolean,
  nullType as null,
  any,
  datetime,
  date,
  time,
  bytes,
  literal,
  enumType as enum,
};
export { array, set, tuple, object, record, optional, nullable, union, named, recursive };

/**
 * Every builder as one object: `import { t } from "tooltype"` then `t.string()`, `t.object({...})`. One object
 * carries all of them; `import * as t from "tooltype/t"` carries only the builders an app calls.
 *
 * @example
 * const Point = t.object({ x: t.number(), y: t.number() });
 */
export const t = /* @__PURE__ */ Object.freeze({
  string,
  number,
  integer,
  boolean,
  null: nullType,
  any,
  datetime,
  date,
  time,
  bytes,
  literal,
  enum: enumType,
  array,
  set,
  tuple,
  object,
  record,
  optional,
  nullable,
  union,
  named,
  recursive,
});
