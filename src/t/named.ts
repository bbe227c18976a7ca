import { derive, isDescriptor, make, type Descriptor } from "./descriptor.js";
import { Named, RecursiveBox, RefTarget } from "./symbols.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function checkName(builder: string, name: unknown): asserts name is string {
  if (typeof name !== "string" || !NAME.test(name)) {
    throw new TypeError(
      `t.${builder}: the name must match ${NAME} (it becomes a $defs key), received ${JSON.stringify(name)}`,
    );
  }
}

/**
 * Names a shared type: wherever it is used below the root it is emitted once under `$defs` and
 * referenced by `{"$ref":"#/$defs/NAME"}` (as nested classes are).
 *
 * @example
 * const Turn = t.named("Turn", t.object({ speaker_a: t.string(), speaker_b: t.string() }));
 * t.object({ turns: t.array(Turn) }); // items: {"$ref":"#/$defs/Turn"}, $defs: { Turn: {...} }
 */
/* @__NO_SIDE_EFFECTS__ */
export function named<D extends Descriptor>(name: string, d: D): D {
  checkName("named", name);
  if (!isDescriptor(d)) throw new TypeError("t.named: expects a descriptor as its second argument");
  return derive(d, {}, { [Named]: name });
}

/**
 * A recursive type. `build` receives a reference to the type being defined; give the static type
 * as the type argument, since TypeScript cannot infer a type from itself.
 *
 * @example
 * interface Category { name: string; children: Category[] }
 * const Category = t.recursive<Category>("Category", (self) =>
 *   t.object({ name: t.string(), children: t.array(self) }));
 */
export function recursive<T>(name: string, build: (self: Descriptor<T>) => Descriptor): Descriptor<T> {
  checkName("recursive", name);
  const box: { target?: Descriptor } = {};
  const self = make<Descriptor<T>>("ref", { $ref: `#/$defs/${name}` }, { [RefTarget]: box, [Named]: name });
  const body = build(self);
  if (!isDescriptor(body)) throw new TypeError(`t.recursive: the builder for "${name}" must return a descriptor`);
  box.target = derive(body, {}, { [Named]: name, [RecursiveBox]: box });
  return box.target as Descriptor<T>;
}
