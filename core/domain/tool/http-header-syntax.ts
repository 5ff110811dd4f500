/** RFC 9110 `token`, capped: what a header name may be. */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,128}$/;
/**
 * RFC 9110 `field-value` as HTTP/1.1 carries it: tab, space, visible ASCII and obs-text (bytes
 * 0x80–0xFF, i.e. Latin-1). No line breaks, NUL or DEL, and no character above U+00FF: such a
 * value cannot be written on the wire at all (Node throws), so it is refused up front.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export const MAX_HEADER_VALUE_CHARS = 4096;

/** One rule for every header a user or plugin hands us (stored tools, tests, the `http` capability). */
export function isHeaderName(name: unknown): name is string {
  return typeof name === 'string' && HEADER_NAME.test(name);
}

export function isHeaderValue(value: unknown, maxChars = MAX_HEADER_VALUE_CHARS): value is string {
  return typeof value === 'string' && value.length <= maxChars && HEADER_VALUE.test(value);
}
