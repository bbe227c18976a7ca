const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Encodes bytes as standard, padded base64 (RFC 4648 section 4), in every runtime (`btoa` of the bytes as Latin-1
 * text).
 *
 * @example
 * encodeBase64(new Uint8Array([104, 105])); // "aGk="
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(binary);
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
  let bits = 0,
    count = 0,
    o = 0;
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
