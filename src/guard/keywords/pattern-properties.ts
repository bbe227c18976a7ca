// `patternProperties`: the schemas of the properties whose names match a regular expression (`./object-walk.ts`
// checks them).
import { pointerSegment } from "../../util/pointer.js";
import type { KeywordDeclaration } from "./keyword.js";
import { mustBe, regex } from "./read.js";

/**
 * `patternProperties`: an object from regular expressions (read as `pattern` is) to schemas.
 *
 * @example
 * patternProperties.keys; // ["patternProperties"]
 */
export const patternProperties = {
  keys: ["patternProperties"],
  schemas: "map",
  place: "child",
  read(schema, node, at, reader) {
    const map = schema.patternProperties;
    if (typeof map !== "object" || map === null) throw mustBe("patternProperties", at, "an object", map);
    const bySource = map as Record<string, unknown>;
    node.patternProperties = Object.keys(bySource).map((source) => ({
      pattern: regex(source, "patternProperties", at, reader.options),
      node: reader.read(bySource[source], `${at}/patternProperties/${pointerSegment(source)}`),
    }));
  },
} satisfies KeywordDeclaration;
