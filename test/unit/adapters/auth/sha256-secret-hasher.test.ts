import { Sha256SecretHasher } from '../../../../adapters/auth/sha256-secret-hasher';

describe('Sha256SecretHasher', () => {
  const hasher = new Sha256SecretHasher();

  it('When a secret is digested, Then the digest is SHA-256 hex, does not contain the secret and matches only that secret', () => {
    const digest = hasher.digest('s3cret-value');

    expect(digest).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(digest).not.toContain('s3cret');
    expect(hasher.matches('s3cret-value', digest)).toBe(true);
    expect(hasher.matches('s3cret-valuE', digest)).toBe(false);
    expect(hasher.matches('', digest)).toBe(false);
  });

  it('When the digest is known, Then it equals the standard SHA-256 of the secret', () => {
    expect(hasher.digest('abc')).toBe('sha256$ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([[''], ['sha256$'], ['sha256$zz'], ['md5$900150983cd24fb0d6963f7d28e17f72'], ['sha256$' + 'A'.repeat(64)]])(
    'When the stored digest is malformed (%j), Then nothing matches and nothing throws',
    (digest) => {
      expect(hasher.matches('abc', digest)).toBe(false);
    },
  );
});
