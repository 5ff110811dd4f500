import uuidGenerate, { formatUuid } from '../../../tools-builtin/uuid_generate/index';

describe('uuid_generate', () => {
  it('When all bits are set or clear, Then the version nibble is 4 and the variant bits are 10', () => {
    expect(formatUuid(new Uint8Array(16).fill(0xff), true)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(formatUuid(new Uint8Array(16), false)).toBe('00000000000040008000000000000000');
  });

  it('When Web Crypto is present, Then it is the source of the random bytes', () => {
    const getRandomValues = jest.fn((array: Uint8Array) => array.fill(0x11));
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues }, configurable: true });
    try {
      expect(uuidGenerate({ count: 2 })).toEqual({
        uuids: ['11111111-1111-4111-9111-111111111111', '11111111-1111-4111-9111-111111111111'],
        version: 4,
        random_source: 'crypto.getRandomValues',
      });
      expect(getRandomValues).toHaveBeenCalledTimes(2);
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
      else delete (globalThis as { crypto?: unknown }).crypto;
    }
  });
});
