// The `t` namespace: `import { t } from "tooltype"` then `t.string()`, `t.object({...})`, ...
export { string, number, integer, boolean, nullType as null, any } from "./primitives.js";
export { datetime, date, time, bytes } from "./string-formats.js";
export { literal, enumType as enum } from "./literal.js";
export { array, set, tuple } from "./array.js";
export { object, record } from "./object.js";
export { optional, nullable } from "./modifiers.js";
export { union } from "./union.js";
export { named, recursive } from "./named.js";
