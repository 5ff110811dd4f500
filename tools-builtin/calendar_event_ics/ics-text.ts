// RFC 5545 §3.1: content lines are folded at 75 octets; §3.3.11: TEXT escaping; §3.2: parameter values.
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon and comma escaped, any line break as `\n`, control characters removed. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(/[^]/g, dropControl)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A parameter value, always quoted (DQUOTE itself cannot be escaped, so it is dropped). */
export function quoteParam(value: string): string {
  return `"${value
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[^]/g, dropControl)
    .replace(/"/g, '')}"`;
}

/** Control characters other than tab and line feed are not allowed in TEXT (§3.3.11). */
function dropControl(char: string): string {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f ? '' : char;
}

/** One content line folded into ≤75-octet lines (continuations start with a space), never splitting a character. */
export function foldLine(line: string): string[] {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines;
}

/** Content lines joined with CRLF, each folded, with the final CRLF the format requires. */
export function serialize(contentLines: string[]): string {
  return `${contentLines.flatMap(foldLine).join('\r\n')}\r\n`;
}
