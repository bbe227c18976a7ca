const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/**
 * RFC 4122 UUID text: the `uuid` format.
 *
 * @example
 * isUuid("2eb8aa08-aa98-11ea-b4aa-73b441d16380"); // true
 */
export const isUuid = (value: string): boolean => UUID.test(value);
