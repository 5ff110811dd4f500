import { formatApiKey, keyIdFromUuid, parseApiKey } from '../../../../core/domain/api-key/api-key-token';

describe('API key format', () => {
  const id = keyIdFromUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301');
  const secret = 'Ab_-0123456789abcdefghijklmnopqrstuvwxyzABC';

  it('When a key is formatted and parsed back, Then the parts are the same', () => {
    expect(id).toBe('3f2504e04f8941d39a0c0305e82c3301');
    expect(parseApiKey(formatApiKey({ id, secret }))).toEqual({ id, secret });
  });

  it.each([
    ['', 'empty'],
    [`pk_${id}`, 'no secret'],
    [`pk_${id}_short`, 'a short secret'],
    [`sk_${id}_${secret}`, 'another prefix'],
    [`pk_${id.toUpperCase()}_${secret}`, 'an upper-case id'],
    [`pk_${id}_${secret}!`, 'a character outside base64url'],
    [` pk_${id}_${secret}`, 'leading blank'],
  ])('When the key is %j (%s), Then it does not parse', (presented) => {
    expect(parseApiKey(presented)).toBeNull();
  });
});
