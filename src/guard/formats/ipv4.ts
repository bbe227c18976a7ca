/** A dotted-quad IPv4 address without leading zeros (RFC 2673 section 3.2). */
export const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * A dotted-quad IPv4 address: the `ipv4` format.
 *
 * @example
 * isIPv4("192.168.0.1"); // true
 * isIPv4("01.2.3.4");    // false
 */
export const isIPv4 = (value: string): boolean => IPV4.test(value);
