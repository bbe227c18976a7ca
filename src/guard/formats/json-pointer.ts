// RFC 6901 and draft-bhutton-relative-json-pointer-00.
const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/;

/**
 * RFC 6901 JSON Pointer: the `json-pointer` format.
 *
 * @example
 * isJsonPointer("/a/~1b"); // true
 */
export const isJsonPointer = (value: string): boolean => JSON_POINTER.test(value);

/**
 * A relative JSON Pointer: the `relative-json-pointer` format.
 *
 * @example
 * isRelativeJsonPointer("1/a"); // true
 */
export const isRelativeJsonPointer = (value: string): boolean => RELATIVE_JSON_POINTER.test(value);
