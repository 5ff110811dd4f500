import { apiKeyHintOf } from '../../../../core/domain/model-config/model-config.entity';
import { checkModelConfigSpec, ModelConfigSpec, storedKeyMustBeResent } from '../../../../core/domain/model-config/model-config-spec';

const spec = (overrides: Partial<ModelConfigSpec> = {}): ModelConfigSpec => ({
  name: 'My GPT',
  provider: 'openai',
  model: 'gpt-4o-mini',
  baseUrl: null,
  apiKey: 'sk-0123456789abcdef',
  isDefault: false,
  ...overrides,
});

const issuesOf = (s: ModelConfigSpec, hasStoredKey = false) => {
  const result = checkModelConfigSpec(s, hasStoredKey);
  return result.ok ? [] : result.error.map((issue) => issue.field);
};

describe('checkModelConfigSpec', () => {
  it('When every field is fine, Then the checked configuration is trimmed and carries the new key', () => {
    expect(checkModelConfigSpec(spec({ name: '  My GPT  ', model: ' gpt-4o ' }), false)).toEqual({
      ok: true,
      value: { name: 'My GPT', provider: 'openai', model: 'gpt-4o', baseUrl: null, apiKey: { set: 'sk-0123456789abcdef' }, isDefault: false },
    });
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name'],
    ['a name with a line break', { name: 'a\nb' }, 'name'],
    ['an unknown provider', { provider: 'mistral' }, 'provider'],
    ['an empty model', { model: '' }, 'model'],
    ['a base URL that is not http(s)', { baseUrl: 'ftp://llm.example.com' }, 'base_url'],
    ['a base URL with credentials', { baseUrl: 'https://user:pw@llm.example.com/v1' }, 'base_url'],
    ['a relative base URL', { baseUrl: '/v1' }, 'base_url'],
    ['an API key with a line break', { apiKey: 'sk-1\nX-Injected: 1' }, 'api_key'],
    ['an API key beyond Latin-1', { apiKey: 'sk-東京' }, 'api_key'],
    ['an empty API key', { apiKey: '' }, 'api_key'],
  ])('When it has %s, Then that field is refused', (_label, overrides, field) => {
    expect(issuesOf(spec(overrides as Partial<ModelConfigSpec>))).toEqual([field]);
  });

  it.each([
    ['openai without a key', { provider: 'openai', apiKey: undefined }, ['api_key']],
    ['anthropic without a key', { provider: 'anthropic', apiKey: undefined }, ['api_key']],
    ['local without a base URL', { provider: 'local', apiKey: undefined }, ['base_url']],
    ['offline with a base URL and a key', { provider: 'offline', baseUrl: 'https://llm.example.com' }, ['base_url', 'api_key']],
  ])('When it is %s, Then what that provider needs is asked for', (_label, overrides, fields) => {
    expect(issuesOf(spec(overrides as Partial<ModelConfigSpec>))).toEqual(fields);
  });

  it('When an update sends no key and one is stored, Then the stored key is kept; `null` removes it', () => {
    expect(checkModelConfigSpec(spec({ apiKey: undefined }), true)).toMatchObject({ ok: true, value: { apiKey: 'keep' } });
    expect(checkModelConfigSpec(spec({ provider: 'local', baseUrl: 'https://llm.example.com', apiKey: null }), true)).toMatchObject({
      ok: true,
      value: { apiKey: 'none' },
    });
  });

  it('When a configuration moves to the offline provider, Then its stored key is dropped', () => {
    expect(checkModelConfigSpec(spec({ provider: 'offline', apiKey: undefined }), true)).toMatchObject({ ok: true, value: { apiKey: 'none' } });
  });
});

describe('storedKeyMustBeResent', () => {
  const checked = (s: Partial<ModelConfigSpec>) => {
    const result = checkModelConfigSpec(spec({ apiKey: undefined, ...s }), true);
    if (!result.ok) throw new Error('invalid');
    return result.value;
  };
  const before = { provider: 'openai' as const, baseUrl: 'https://a.example.com/v1' };

  it('When the key is kept and the endpoint moves to another origin or provider, Then it must be given again', () => {
    expect(storedKeyMustBeResent(before, checked({ baseUrl: 'https://b.example.com/v1' }))).toBe(true);
    expect(storedKeyMustBeResent(before, checked({ baseUrl: null }))).toBe(true);
    expect(storedKeyMustBeResent(before, checked({ provider: 'anthropic', baseUrl: 'https://a.example.com/v1' }))).toBe(true);
  });

  it('When only the path changes, or a new key comes along, Then nothing more is asked', () => {
    expect(storedKeyMustBeResent(before, checked({ baseUrl: 'https://a.example.com/v2' }))).toBe(false);
    expect(storedKeyMustBeResent(before, checked({ baseUrl: 'https://b.example.com/v1', apiKey: 'sk-new-key-123456' }))).toBe(false);
  });
});

describe('apiKeyHintOf', () => {
  it('shows the last four characters of a long key and nothing of a short one', () => {
    expect(apiKeyHintOf('sk-0123456789abcdef')).toBe('****cdef');
    expect(apiKeyHintOf('short-key')).toBe('****');
  });
});
