const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Encodes bytes as standard, padded base64 (RFC 4648 section 4), in every runtime.
 *
 * @example
 * encodeBase64(new Uint8Array([104, 105])); // "aGk="
 */
export function encodeBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!, b = bytes[i + 1], c = bytes[i + 2];
    out += ALPHABET[a >> 2]! + ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? "=" : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? "=" : ALPHABET[c & 63]!;
  }
  return out;
}

/**
 * Decodes canonical padded base64 (the form `contentEncoding: "base64"` accepts) into bytes.
 *
 * @example
 * decodeBase64("aGk="); // Uint8Array [104, 105]
 */
export function decodeBase64(text: string): Uint8Array {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let bits = 0, count = 0, o = 0;
  for (let i = 0; i < text.length - padding; i++) {
    bits = (bits << 6) | ALPHABET.indexOf(text[i]!);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >> count) & 255;
    }
  }
  return out;
}
