// An AWS event stream encoder (application/vnd.amazon.eventstream), written from the format's description and
// kept apart from src/ so tests of the decoder do not share its code: [total length u32 BE][headers length u32 BE]
// [CRC-32 of the first 8 bytes][headers][payload][CRC-32 of everything before it]. Its CRC-32 is the bitwise
// form (no table), so a mistake in the decoder's table-driven one cannot cancel out.

/** A header value with its wire type (0/1 bool, 2 byte, 3 short, 4 int, 5 long, 6 bytes, 7 string, 8 timestamp, 9 uuid). */
export type Header =
  | string
  | { readonly type: "bool"; readonly value: boolean }
  | { readonly type: "byte" | "short" | "int"; readonly value: number }
  | { readonly type: "long"; readonly value: bigint }
  | { readonly type: "bytes"; readonly value: Uint8Array }
  | { readonly type: "timestamp"; readonly value: Date }
  | { readonly type: "uuid"; readonly value: Uint8Array }
  | { readonly type: "raw"; readonly code: number; readonly value: Uint8Array };

const encoder = new TextEncoder();

/** CRC-32 (IEEE, reflected 0xEDB88320), one bit at a time. */
export function bitwiseCrc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function headerValue(header: Header): [number, Uint8Array] {
  if (typeof header === "string") return [7, withLength(encoder.encode(header))];
  const bytes = (size: number, write: (view: DataView) => void): Uint8Array => {
    const out = new Uint8Array(size);
    write(new DataView(out.buffer));
    return out;
  };
  switch (header.type) {
    case "bool":
      return [header.value ? 0 : 1, new Uint8Array(0)];
    case "byte":
      return [2, bytes(1, (v) => v.setInt8(0, header.value))];
    case "short":
      return [3, bytes(2, (v) => v.setInt16(0, header.value))];
    case "int":
      return [4, bytes(4, (v) => v.setInt32(0, header.value))];
    case "long":
      return [5, bytes(8, (v) => v.setBigInt64(0, header.value))];
    case "bytes":
      return [6, withLength(header.value)];
    case "timestamp":
      return [8, bytes(8, (v) => v.setBigInt64(0, BigInt(header.value.getTime())))];
    case "uuid":
      return [9, header.value];
    case "raw":
      return [header.code, header.value];
  }
}

function withLength(value: Uint8Array): Uint8Array {
  const out = new Uint8Array(2 + value.length);
  new DataView(out.buffer).setUint16(0, value.length);
  out.set(value, 2);
  return out;
}

/** The headers section: [name length u8][name][type u8][value] for each. */
export function encodeHeaders(headers: Readonly<Record<string, Header>>): Uint8Array {
  return concat(
    Object.entries(headers).flatMap(([name, header]) => {
      const nameBytes = encoder.encode(name);
      const [code, value] = headerValue(header);
      return [Uint8Array.of(nameBytes.length), nameBytes, Uint8Array.of(code), value];
    }),
  );
}

/** One frame of raw header bytes and payload, both checksums right. */
export function encodeRawFrame(headers: Uint8Array, payload: Uint8Array): Uint8Array {
  const total = 12 + headers.length + payload.length + 4;
  const frame = new Uint8Array(total);
  const view = new DataView(frame.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headers.length);
  view.setUint32(8, bitwiseCrc32(frame, 0, 8));
  frame.set(headers, 12);
  frame.set(payload, 12 + headers.length);
  view.setUint32(total - 4, bitwiseCrc32(frame, 0, total - 4));
  return frame;
}

/** One frame. */
export function encodeFrame(headers: Readonly<Record<string, Header>>, payload: Uint8Array | string): Uint8Array {
  return encodeRawFrame(encodeHeaders(headers), typeof payload === "string" ? encoder.encode(payload) : payload);
}

/** A Bedrock event frame: `{ [type]: payload }` as the SDK yields it, written as AWS sends it. */
export function eventFrame(event: Readonly<Record<string, unknown>>): Uint8Array {
  const [type, payload] = Object.entries(event)[0]!;
  return encodeFrame(
    { ":event-type": type, ":content-type": "application/json", ":message-type": "event" },
    JSON.stringify(payload),
  );
}

/** A Bedrock exception frame (`throttlingException`, `validationException`, ...). */
export function exceptionFrame(type: string, payload: unknown): Uint8Array {
  return encodeFrame(
    { ":exception-type": type, ":content-type": "application/json", ":message-type": "exception" },
    JSON.stringify(payload),
  );
}

/** Only a prelude: 12 bytes declaring `total` and `headers` lengths, its checksum right. */
export function prelude(total: number, headers: number): Uint8Array {
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headers);
  view.setUint32(8, bitwiseCrc32(out, 0, 8));
  return out;
}

/** `bytes` cut at the given offsets (any order, duplicates and out-of-range ones ignored). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const point of [...points, bytes.length]) {
    out.push(bytes.subarray(last, point));
    last = point;
  }
  return out;
}

/** `bytes` in chunks of `size`. */
export function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

/** An async iterable of the chunks, counting the bytes it hands out. */
export function counted(chunks: readonly Uint8Array[]): AsyncIterable<Uint8Array> & { readonly given: number } {
  const source = {
    given: 0,
    async *[Symbol.asyncIterator]() {
      for (const chunk of chunks) {
        source.given += chunk.length;
        yield chunk;
      }
    },
  };
  return source;
}

/** A ReadableStream of the chunks; `cancelled` holds the reason once it is cancelled. */
export function byteStream(chunks: readonly Uint8Array[], then: "close" | "hang" = "close") {
  const state: { cancelled: unknown; wasCancelled: boolean } = { cancelled: undefined, wasCancelled: false };
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else if (then === "close") controller.close();
      else return new Promise<void>(() => {}); // the connection stays open and silent
    },
    cancel(reason) {
      state.wasCancelled = true;
      state.cancelled = reason;
    },
  });
  return { stream, state };
}
