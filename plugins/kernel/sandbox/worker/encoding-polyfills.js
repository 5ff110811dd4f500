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
  constructor(label) {
    const l = label === undefined ? 'utf-8' : String(label).toLowerCase();
    if (l !== 'utf-8' && l !== 'utf8') throw new RangeError('Only utf-8 is supported in the sandbox');
  }
  get encoding() { return 'utf-8'; }
  decode(input) {
    if (input === undefined) return '';
    const b = input instanceof Uint8Array ? input : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : new Uint8Array(input);
    let out = '';
    let chunk = [];
    const flush = () => { out += String.fromCharCode.apply(null, chunk); chunk = []; };
    for (let i = 0; i < b.length; ) {
      const x = b[i];
      let c = 0xfffd, n = 1;
      if (x < 0x80) c = x;
      else if (x >= 0xc2 && x < 0xe0 && i + 1 < b.length && (b[i + 1] & 0xc0) === 0x80) { c = ((x & 31) << 6) | (b[i + 1] & 63); n = 2; }
      else if (x >= 0xe0 && x < 0xf0 && i + 2 < b.length && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80) {
        c = ((x & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63); n = 3;
        if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) c = 0xfffd;
      } else if (x >= 0xf0 && x < 0xf5 && i + 3 < b.length && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
        c = ((x & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63); n = 4;
        if (c < 0x10000 || c > 0x10ffff) c = 0xfffd;
      }
      if (c >= 0x10000) { c -= 0x10000; chunk.push(0xd800 + (c >> 10), 0xdc00 + (c & 1023)); }
      else chunk.push(c);
      if (chunk.length > 8192) flush();
      i += n;
    }
    flush();
    return out;
  }
}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function btoa(input) {
  const s = String(input);
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the string contains characters outside Latin-1');
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
  }
  return out;
}
function atob(input) {
  const s = String(input).replace(/[\\t\\n\\f\\r ]+/g, '').replace(/=+$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error('atob: the string is not valid base64');
  let out = '';
  for (let i = 0; i < s.length; i += 4) {
    const n = (B64.indexOf(s[i]) << 18) | (B64.indexOf(s[i + 1]) << 12) | ((B64.indexOf(s[i + 2]) & 63) << 6) | (B64.indexOf(s[i + 3]) & 63);
    out += String.fromCharCode((n >> 16) & 255);
    if (i + 2 < s.length) out += String.fromCharCode((n >> 8) & 255);
    if (i + 3 < s.length) out += String.fromCharCode(n & 255);
  }
  return out;
}
G.TextEncoder = TextEncoder;
G.TextDecoder = TextDecoder;
G.btoa = btoa;
G.atob = atob;`;

module.exports = { ENCODING_POLYFILLS };
