// Content blocks a stream numbers (Anthropic's `index`, Bedrock's `contentBlockIndex`), kept and rebuilt in order.

/**
 * A stream's content blocks by index, each with the text pieces it was given; see `indexedBlocks`.
 *
 * @example
 * const blocks: IndexedBlocks = indexedBlocks();
 */
export interface IndexedBlocks {
  /** The block at `index`, an empty one made when there is none yet. */
  at(index: number): Record<string, unknown>;
  /** The block at `index`, if any. */
  find(index: number): Record<string, unknown> | undefined;
  /** A new block at `index` (a start event): it replaces what was there, text pieces included. */
  start(index: number, block: Record<string, unknown>): void;
  /** A text piece of the block at `index`. */
  addText(index: number, piece: string): void;
  /** The blocks in index order, each as `write` makes it of the block and its joined text (undefined: none). */
  rebuilt(write: (block: Record<string, unknown>, index: number, text: string | undefined) => unknown): unknown[];
}

/**
 * Content blocks kept by the index their stream gives them (a Map: an index from the wire never sizes an array),
 * text pieces joined once, when the response is rebuilt.
 *
 * @example
 * const blocks = indexedBlocks();
 * blocks.addText(0, "Hel"); blocks.at(0); blocks.addText(0, "lo");
 * blocks.rebuilt((block, index, text) => ({ ...block, text })); // [{ text: "Hello" }]
 */
export function indexedBlocks(): IndexedBlocks {
  const blocks = new Map<number, Record<string, unknown>>();
  const texts = new Map<number, string[]>();
  return {
    at(index) {
      const block = blocks.get(index) ?? {};
      blocks.set(index, block);
      return block;
    },
    find: (index) => blocks.get(index),
    start(index, block) {
      blocks.set(index, block);
      texts.delete(index);
    },
    addText(index, piece) {
      const parts = texts.get(index);
      if (parts) parts.push(piece);
      else texts.set(index, [piece]);
    },
    rebuilt: (write) =>
      [...blocks.keys()]
        .sort((a, b) => a - b)
        .map((index) => write(blocks.get(index)!, index, texts.get(index)?.join(""))),
  };
}
