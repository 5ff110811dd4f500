import { createHash, createHmac } from 'node:crypto';
import { digest, hmac, type Algorithm } from '../../../tools-builtin/hash_digest/digests';

const ALGORITHMS: Algorithm[] = ['md5', 'sha1', 'sha256', 'sha512'];
// Every padding boundary of 64- and 128-byte blocks, and a few multi-block lengths.
const LENGTHS = [0, 1, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120, 127, 128, 129, 200, 1000, 4097];

/** Deterministic bytes, so a failure reproduces. */
function bytesOf(length: number, seed: number): Uint8Array {
  let state = seed;
  return Uint8Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state >> 16;
  });
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('hash_digest digests', () => {
  it.each(ALGORITHMS)('When %s hashes messages of every padding boundary, Then each digest equals node:crypto', (algorithm) => {
    for (const length of LENGTHS) {
      const message = bytesOf(length, length + 1);
      expect({ length, digest: hex(digest(algorithm, message)) }).toEqual({
        length,
        digest: createHash(algorithm).update(message).digest('hex'),
      });
    }
  });

  it.each(ALGORITHMS)('When %s computes HMACs with short, block-sized and long keys, Then each equals node:crypto', (algorithm) => {
    for (const keyLength of [0, 1, 20, 64, 65, 128, 129, 300]) {
      const key = bytesOf(keyLength, 7);
      const message = bytesOf(150, keyLength);
      expect({ keyLength, mac: hex(hmac(algorithm, key, message)) }).toEqual({
        keyLength,
        mac: createHmac(algorithm, key).update(message).digest('hex'),
      });
    }
  });

  it('When the published test vectors are hashed, Then the digests are the published ones', () => {
    const abc = Uint8Array.from([0x61, 0x62, 0x63]);
    expect(hex(digest('md5', abc))).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(hex(digest('sha1', abc))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(digest('sha256', abc))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(digest('sha512', abc))).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
  });
});
