'use strict';
/** TextEncoder/TextDecoder (UTF-8) and atob/btoa: web APIs plain V8 lacks and small libraries expect. */
const ENCODING_POLYFILLS = `
class TextEncoder {
  get encoding() { return 'utf-8'; }
  encode(input) {
    const s = input === undefined ? '' : String(input);
    const out = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
        else c = 0xfffd;
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
}
class TextDecoder {
  #fatal;
  #ignoreBOM;
  constructor(label, options) {
    const l = label === undefined ? 'utf-8' : String(label).trim().toLowerCase();
    if (l !== 'utf-8' && l !== 'utf8' && l !== 'unicode-1-1-utf-8') throw new RangeError('Only utf-8 is supported in the sandbox');
    this.#fatal = Boolean(options && options.fatal);
    this.#ignoreBOM = Boolean(options && options.ignoreBOM);
  }
  get encoding() { return 'utf-8'; }
  get fatal() { return this.#fatal; }
  get ignoreBOM() { return this.#ignoreBOM; }
  // The Encoding Standard's UTF-8 decoder: one U+FFFD per maximal invalid subpart, or a TypeError when fatal.
  decode(input) {
    if (input === undefined) return '';
    const b = input instanceof Uint8Array ? input : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : new Uint8Array(input);
    let out = '';
    let chunk = [];
    const flush = () => { out += String.fromCharCode.apply(null, chunk); chunk = []; };
    let i = !this.#ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
    while (i < b.length) {
      const x = b[i];
      let c = x, need = 0, lower = 0x80, upper = 0xbf;
      if (x >= 0xc2 && x <= 0xdf) { need = 1; c = x & 31; }
      else if (x >= 0xe0 && x <= 0xef) { need = 2; c = x & 15; if (x === 0xe0) lower = 0xa0; if (x === 0xed) upper = 0x9f; }
      else if (x >= 0xf0 && x <= 0xf4) { need = 3; c = x & 7; if (x === 0xf0) lower = 0x90; if (x === 0xf4) upper = 0x8f; }
      else if (x >= 0x80) need = -1;
      let seen = 1;
      for (; seen <= need; seen++) {
        const y = b[i + seen];
        if (y === undefined || y < lower || y > upper) break;
        c = (c << 6) | (y & 63);
        lower = 0x80; upper = 0xbf;
      }
      if (need < 0 || seen <= need) {
        if (this.#fatal) throw new TypeError('The encoded data was not valid UTF-8');
        c = 0xfffd;
        i += need < 0 ? 1 : seen;
      } else i += need + 1;
      if (c >= 0x10000) { c -= 0x10000; chunk.push(0xd800 + (c >> 10), 0xdc00 + (c & 1023)); }
      else chunk.push(c);
      if (chunk.length > 8192) flush();
    }
    flush();
    return out;
  }
}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE[B64.charCodeAt(i)] = i;
// Both work in chunks of code units: building strings one character at a time makes a megabyte take seconds.
function btoa(input) {
  const s = String(input);
  const parts = [];
  let part = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the string contains characters outside Latin-1');
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    part += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
    if (part.length >= 8192) { parts.push(part); part = ''; }
  }
  parts.push(part);
  return parts.join('');
}
// The forgiving-base64 decode of the HTML Standard: ASCII whitespace ignored, padding optional but never misplaced.
function atob(input) {
  let s = String(input).replace(/[\\t\\n\\f\\r ]+/g, '');
  if (s.length % 4 === 0) s = s.replace(/==?$/, '');
  if (s.length % 4 === 1) throw new Error('atob: the string is not valid base64');
  const value = (i) => { const code = s.charCodeAt(i); return code < 128 ? B64_VALUE[code] : -1; };
  let out = '';
  let chunk = [];
  const whole = s.length - (s.length % 4);
  for (let i = 0; i < whole; i += 4) {
    // An invalid character is -1, which sets every bit: the group turns negative.
    const n = (value(i) << 18) | (value(i + 1) << 12) | (value(i + 2) << 6) | value(i + 3);
    if (n < 0) throw new Error('atob: the string is not valid base64');
    chunk.push((n >> 16) & 255, (n >> 8) & 255, n & 255);
    if (chunk.length > 8192) { out += String.fromCharCode.apply(null, chunk); chunk = []; }
  }
  if (whole < s.length) {
    const n = (value(whole) << 18) | (value(whole + 1) << 12) | (whole + 2 < s.length ? value(whole + 2) << 6 : 0);
    if (n < 0) throw new Error('atob: the string is not valid base64');
    chunk.push((n >> 16) & 255);
    if (whole + 2 < s.length) chunk.push((n >> 8) & 255);
  }
  return out + String.fromCharCode.apply(null, chunk);
}
G.TextEncoder = TextEncoder;
G.TextDecoder = TextDecoder;
G.btoa = btoa;
G.atob = atob;`;

module.exports = { ENCODING_POLYFILLS };
