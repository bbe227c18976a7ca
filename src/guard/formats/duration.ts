// RFC 3339 Appendix A: units in order, none skipped between two given (P1Y2D and PT1H2S are not durations).
const DUR_TIME = String.raw`T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)`;
const DURATION = new RegExp(
  String.raw`^P(?:(?:\d+D|\d+M(?:\d+D)?|\d+Y(?:\d+M(?:\d+D)?)?)(?:${DUR_TIME})?|${DUR_TIME}|\d+W)$`,
);

/**
 * RFC 3339 Appendix A duration: the `duration` format.
 *
 * @example
 * isDuration("P1Y2M"); // true
 * isDuration("P1Y2D"); // false: a unit skipped
 */
export const isDuration = (value: string): boolean => DURATION.test(value);
