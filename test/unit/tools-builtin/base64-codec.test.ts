import { base64Decode, base64Encode, hexDecode, hexEncode } from '../../../tools-builtin/base64/base64-codec';
import { utf8Decode, utf8Encode } from '../../../plugins/tool-lib/utf8';

const TEXTS = ['', 'a', 'ab', 'abc', 'abcd', 'héllo', '€', '中文字', '😀 and 𝄞', '\u0000\u007f\u0080\u07ff\u0800\uffff'];

describe('base64 utf8', () => {
  it.each(TEXTS)('When %p is encoded and decoded, Then the bytes are UTF-8 and the text comes back', (text) => {
    expect(Buffer.from(utf8Encode(text)).equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(utf8Decode(utf8Encode(text))).toBe(text);
  });

  it('When a lone surrogate is encoded, Then it becomes U+FFFD as TextEncoder does', () => {
    expect(Array.from(utf8Encode('a\ud800b'))).toEqual(Array.from(new TextEncoder().encode('a\ud800b')));
  });

  it.each([
    ['a truncated sequence', [0xe2, 0x82]],
    ['a stray continuation byte', [0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['an invalid lead byte', [0xff]],
  ])('When the bytes hold %s, Then decoding refuses them like a fatal TextDecoder', (_what, bytes) => {
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes))).toThrow();
    expect(utf8Decode(Uint8Array.from(bytes))).toBeNull();
  });
});

describe('base64 codec', () => {
  it('When every length from 0 to 40 bytes is encoded, Then both alphabets match Buffer and decode back', () => {
    for (let length = 0; length <= 40; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) % 256);
      const buffer = Buffer.from(bytes);
      expect(base64Encode(bytes, false, true)).toBe(buffer.toString('base64'));
      expect(base64Encode(bytes, true, false)).toBe(buffer.toString('base64url'));
      expect(Array.from(base64Decode(buffer.toString('base64')) ?? [])).toEqual(Array.from(bytes));
      expect(Array.from(base64Decode(buffer.toString('base64url')) ?? [])).toEqual(Array.from(bytes));
    }
  });

  it('When the text has a character outside both alphabets or an impossible length, Then decoding gives null', () => {
    expect(base64Decode('ab*d')).toBeNull();
    expect(base64Decode('abcde')).toBeNull();
    expect(base64Decode('ab=c')).toBeNull();
  });

  it('When hex is round-tripped, Then odd lengths and non-hex digits are refused', () => {
    expect(hexEncode(Uint8Array.from([0, 15, 255]))).toBe('000fff');
    expect(Array.from(hexDecode('00 0F ff') ?? [])).toEqual([0, 15, 255]);
    expect(hexDecode('abc')).toBeNull();
    expect(hexDecode('zz')).toBeNull();
  });
});
