import { base64FromBytes, bytesFromBase64 } from '../../../plugins/tool-lib/base64';
import { bytesFromHex, hexFromBytes } from '../../../plugins/tool-lib/hex';
import { strictUtf8Decode } from '../../../plugins/tool-lib/strict-utf8';

// Node's atob, btoa and TextDecoder stand in for the sandbox's here; test/integration/sandbox checks those agree with Node.
describe('tool-lib strict UTF-8', () => {
  it.each([
    ['a truncated sequence', [0xe2, 0x82]],
    ['a stray continuation byte', [0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['an invalid lead byte', [0xff]],
  ])('When the bytes hold %s, Then decoding answers null', (_what, bytes) => {
    expect(strictUtf8Decode(Uint8Array.from(bytes))).toBeNull();
  });

  it('When the bytes are UTF-8 with a byte order mark, Then the text comes back with the mark', () => {
    expect(strictUtf8Decode(new TextEncoder().encode('\ufeffhé 😀'))).toBe('\ufeffhé 😀');
  });
});

describe('tool-lib base64', () => {
  it('When every length from 0 to 40 bytes is encoded, Then both alphabets match Buffer and decode back', () => {
    for (let length = 0; length <= 40; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) % 256);
      const buffer = Buffer.from(bytes);
      expect(base64FromBytes(bytes)).toBe(buffer.toString('base64'));
      expect(base64FromBytes(bytes, { urlSafe: true, padding: false })).toBe(buffer.toString('base64url'));
      expect(Array.from(bytesFromBase64(buffer.toString('base64')) ?? [])).toEqual(Array.from(bytes));
      expect(Array.from(bytesFromBase64(buffer.toString('base64url')) ?? [])).toEqual(Array.from(bytes));
    }
  });

  it('When the bytes are larger than one spread slice, Then they round-trip whole', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(Buffer.from(bytesFromBase64(base64FromBytes(bytes)) ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it('When the text has a character outside both alphabets or an impossible length, Then decoding gives null', () => {
    expect(bytesFromBase64('ab*d')).toBeNull();
    expect(bytesFromBase64('abcde')).toBeNull();
    expect(bytesFromBase64('ab=c')).toBeNull();
  });
});

describe('tool-lib hex', () => {
  it('When hex is round-tripped, Then odd lengths and non-hex digits are refused', () => {
    expect(hexFromBytes(Uint8Array.from([0, 15, 255]))).toBe('000fff');
    expect(Array.from(bytesFromHex('00 0F ff') ?? [])).toEqual([0, 15, 255]);
    expect(bytesFromHex('abc')).toBeNull();
    expect(bytesFromHex('zz')).toBeNull();
  });
});
