import { createSecretKey } from 'node:crypto';
import { AesGcmSecretCipher } from '../../../../adapters/auth/aes-gcm-secret-cipher';
import { SecretUnreadableError } from '../../../../core/domain/tool/custom-tool.errors';

const master = (text: string) => createSecretKey(Buffer.from(text.padEnd(48, '#'), 'utf8'));

describe('AesGcmSecretCipher', () => {
  const cipher = AesGcmSecretCipher.derivedFrom(master('jwt secret one'));

  it('When a secret is sealed, Then it opens again under the same context and never shows the plaintext', () => {
    const sealed = cipher.seal('sk-live-Zoë-🔑', 'custom_tool:a');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('sk-live');
    expect(cipher.open(sealed, 'custom_tool:a')).toBe('sk-live-Zoë-🔑');
  });

  it('When the same secret is sealed twice, Then the nonces and ciphertexts differ', () => {
    expect(cipher.seal('same', 'ctx')).not.toBe(cipher.seal('same', 'ctx'));
  });

  it('When the sealed value is opened under another context (moved to another record), Then it is refused', () => {
    const sealed = cipher.seal('token', 'custom_tool:a');
    expect(() => cipher.open(sealed, 'custom_tool:b')).toThrow(SecretUnreadableError);
  });

  it('When any part is tampered with, Then it is refused', () => {
    const [version, nonce, body, tag] = cipher.seal('token', 'ctx').split('.');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const forged of [
      [version, flip(nonce), body, tag],
      [version, nonce, flip(body), tag],
      [version, nonce, body, flip(tag)],
      ['v2', nonce, body, tag],
      [version, nonce, body, tag.slice(0, 8)],
    ]) {
      expect(() => cipher.open(forged.join('.'), 'ctx')).toThrow(SecretUnreadableError);
    }
    expect(() => cipher.open('not sealed at all', 'ctx')).toThrow(SecretUnreadableError);
  });

  it('When the master secret differs, Then the value does not open', () => {
    const other = AesGcmSecretCipher.derivedFrom(master('jwt secret two'));
    expect(() => other.open(cipher.seal('token', 'ctx'), 'ctx')).toThrow(SecretUnreadableError);
  });
});
