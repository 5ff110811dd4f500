import { createHash, createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const TOOLS = ['base64', 'url_codec', 'hash_digest', 'jwt_decode'] as const;

let kernel: TestKernel;
beforeAll(async () => {
  kernel = await createTestKernel({ tools: [...TOOLS] });
});
afterAll(() => kernel.close());

const run = <T = JsonValue>(id: (typeof TOOLS)[number], input: JsonValue) => resultOf<T>(kernel, id, input);

describeManifestExamples(TOOLS, () => kernel);

const SAMPLES = ['', 'a', 'ab', 'abc', 'Hello, World!', 'héllo wörld ✓ 中文 😀', 'x'.repeat(1000)];

describe('base64', () => {
  it.each(SAMPLES.map((text) => [text.slice(0, 20), text]))('When "%s" is encoded both ways, Then it matches Node and decodes back', async (_label, text) => {
    const bytes = Buffer.byteLength(text);
    expect(await run('base64', { operation: 'encode', text })).toEqual({ result: Buffer.from(text).toString('base64'), bytes });
    const urlSafe = Buffer.from(text).toString('base64url');
    expect(await run('base64', { operation: 'encode', text, url_safe: true })).toEqual({ result: urlSafe, bytes });
    expect(await run('base64', { operation: 'decode', text: urlSafe })).toEqual({ result: text, bytes });
  });

  it('When Base64 is wrapped across lines, Then the whitespace is ignored', async () => {
    expect(await run('base64', { operation: 'decode', text: 'aGVs\nbG8g\r\nd29y bGQ=' })).toEqual({ result: 'hello world', bytes: 11 });
  });

  it('When hex bytes are encoded and binary data decoded to hex, Then the bytes survive', async () => {
    const bytes = Buffer.from([0, 255, 128, 10, 13, 200]);
    expect(await run('base64', { operation: 'encode', text: bytes.toString('hex'), input_encoding: 'hex', padding: false })).toEqual({
      result: bytes.toString('base64').replace(/=+$/, ''),
      bytes: 6,
    });
    expect(await run('base64', { operation: 'decode', text: bytes.toString('base64'), output_encoding: 'hex' })).toEqual({
      result: bytes.toString('hex'),
      bytes: 6,
    });
  });

  it('When the input is not Base64, not hex, or decodes to non-UTF-8 bytes, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'base64', { operation: 'decode', text: 'ab$c' })).error).toMatchObject({ code: 'runtime_error', reason: 'invalid_base64' });
    expect((await failureOf(kernel, 'base64', { operation: 'decode', text: 'abcde' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_base64',
    });
    expect((await failureOf(kernel, 'base64', { operation: 'encode', text: 'abc', input_encoding: 'hex' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_hex',
    });
    // 0xC0 0xAF is an overlong '/', which a strict decoder must refuse.
    expect((await failureOf(kernel, 'base64', { operation: 'decode', text: Buffer.from([0xc0, 0xaf]).toString('base64') })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'not_utf8',
    });
  });

  it('When the encoding would outgrow the kernel output cap, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'base64', { operation: 'encode', text: 'é'.repeat(400_000) })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'result_too_large',
    });
  });

  it('When the operation is missing, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'base64', { text: 'abc' })).error.code).toBe('invalid_input');
  });
});

describe('url_codec', () => {
  it.each(['a b&c=d/é?#', '100% ✓ 😀', "!'()*-._~"])('When %p is encoded as a component, Then it matches encodeURIComponent and decodes back', async (text) => {
    expect(await run('url_codec', { operation: 'encode_component', text })).toEqual({ result: encodeURIComponent(text) });
    expect(await run('url_codec', { operation: 'decode_component', text: encodeURIComponent(text) })).toEqual({ result: text });
  });

  it('When a whole URI is encoded and decoded, Then its reserved characters stay', async () => {
    expect(await run('url_codec', { operation: 'encode_uri', text: 'https://x.org/a b/ü?q=1&r=é#frag' })).toEqual({
      result: 'https://x.org/a%20b/%C3%BC?q=1&r=%C3%A9#frag',
    });
    expect(await run('url_codec', { operation: 'decode_uri', text: 'https://x.org/a%20b?q=%26%C3%A9' })).toEqual({
      result: 'https://x.org/a b?q=%26é',
    });
  });

  it('When plus_as_space is set, Then + and spaces are form-encoded', async () => {
    expect(await run('url_codec', { operation: 'decode_component', text: 'red+shoes%2B', plus_as_space: true })).toEqual({ result: 'red shoes+' });
    expect(await run('url_codec', { operation: 'encode_component', text: 'red shoes+', plus_as_space: true })).toEqual({ result: 'red+shoes%2B' });
  });

  it('When a query string is parsed, Then it reads like URLSearchParams, repeated names becoming arrays', async () => {
    const text = '?q=caf%C3%A9+au+lait&tag=a&tag=b&empty=&flag&bad=%zz&__proto__=x';
    const expected = [...new URLSearchParams('q=caf%C3%A9+au+lait&tag=a&tag=b&empty=&flag&bad=%zz&__proto__=x')].map(([name, value]) => ({ name, value }));
    const result = await run('url_codec', { operation: 'parse_query', text });
    expect(result).toEqual({
      params: JSON.parse('{"q":"café au lait","tag":["a","b"],"empty":"","flag":"","bad":"%zz","__proto__":"x"}'),
      pairs: expected,
    });
  });

  it('When a query string is built, Then URLSearchParams reads back the same parameters', async () => {
    const params = { q: 'a&b=c d', n: 3, on: true, none: null, list: ['x', 'y z'] };
    const { result } = await run<{ result: string }>('url_codec', { operation: 'build_query', params });
    expect(result).toBe('q=a%26b%3Dc+d&n=3&on=true&none=&list=x&list=y+z');
    expect([...new URLSearchParams(result)]).toEqual([
      ['q', 'a&b=c d'],
      ['n', '3'],
      ['on', 'true'],
      ['none', ''],
      ['list', 'x'],
      ['list', 'y z'],
    ]);
  });

  it('When a %-escape is malformed or the argument is missing, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'url_codec', { operation: 'decode_component', text: '%E2%82' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'malformed_input',
    });
    expect((await failureOf(kernel, 'url_codec', { operation: 'encode_component', text: '\ud800' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'malformed_input',
    });
    expect((await failureOf(kernel, 'url_codec', { operation: 'encode_uri' })).error).toEqual({ code: 'invalid_input', message: 'encode_uri needs text' });
    expect((await failureOf(kernel, 'url_codec', { operation: 'build_query' })).error).toEqual({ code: 'invalid_input', message: 'build_query needs params' });
  });

  it('When the encoding would outgrow the kernel output cap, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'url_codec', { operation: 'encode_component', text: '€'.repeat(150_000) })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'result_too_large',
    });
  });

  it('When a parameter value is an object, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'url_codec', { operation: 'build_query', params: { a: { b: 1 } } })).error.code).toBe('invalid_input');
  });
});

describe('hash_digest', () => {
  const ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512'] as const;

  it.each(ALGORITHMS.flatMap((algorithm) => SAMPLES.map((text) => [algorithm, text.slice(0, 20), text])))(
    'When %s hashes "%s", Then the digest equals node:crypto',
    async (algorithm, _label, text) => {
      expect(await run('hash_digest', { text, algorithm })).toEqual({
        digest: createHash(algorithm).update(text, 'utf8').digest('hex'),
        algorithm,
        encoding: 'hex',
        hmac: false,
        bytes: Buffer.byteLength(text),
      });
    },
  );

  it.each(ALGORITHMS)('When %s hashes 1 MB with an HMAC key longer than its block, Then the Base64 HMAC equals node:crypto', async (algorithm) => {
    const text = 'ab✓'.repeat(200_000);
    const key = 'k'.repeat(300);
    expect(await run('hash_digest', { text, algorithm, hmac_key: key, encoding: 'base64' })).toMatchObject({
      digest: createHmac(algorithm, key).update(text, 'utf8').digest('base64'),
      hmac: true,
    });
  });

  // Every padding boundary of 64- and 128-byte blocks, and a few multi-block lengths.
  const LENGTHS = [0, 1, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120, 127, 128, 129, 200, 1000, 4097];
  const bytesOf = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 131 + length) % 256));

  it.each(ALGORITHMS)('When %s hashes messages of every padding boundary, Then each digest equals node:crypto', async (algorithm) => {
    for (const length of LENGTHS) {
      const message = bytesOf(length);
      const outcome = await run<{ digest: string }>('hash_digest', { text: message.toString('hex'), input_encoding: 'hex', algorithm });
      expect({ length, digest: outcome.digest }).toEqual({ length, digest: createHash(algorithm).update(message).digest('hex') });
    }
  });

  it.each(ALGORITHMS)('When %s computes HMACs with empty, block-sized and long keys, Then each equals node:crypto', async (algorithm) => {
    for (const keyLength of [0, 1, 64, 65, 128, 129, 300]) {
      const key = 'k✓'.repeat(keyLength).slice(0, keyLength);
      const outcome = await run<{ digest: string }>('hash_digest', { text: 'message', algorithm, hmac_key: key });
      expect({ keyLength, mac: outcome.digest }).toEqual({ keyLength, mac: createHmac(algorithm, key).update('message').digest('hex') });
    }
  });

  it('When hex bytes are hashed, Then the raw bytes are hashed, not their text', async () => {
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    expect(await run('hash_digest', { text: bytes.toString('hex'), input_encoding: 'hex', algorithm: 'sha256' })).toMatchObject({
      digest: createHash('sha256').update(bytes).digest('hex'),
      bytes: 5,
    });
    expect((await failureOf(kernel, 'hash_digest', { text: 'xyz', input_encoding: 'hex', algorithm: 'md5' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_hex',
    });
  });

  it('When the algorithm is unsupported, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'hash_digest', { text: 'a', algorithm: 'sha3' })).error.code).toBe('invalid_input');
  });
});

describe('jwt_decode', () => {
  const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

  it('When a token signed by jsonwebtoken is decoded, Then claims and dates come back, marked unverified', async () => {
    const token = jwt.sign({ sub: 'user-7', roles: ['admin'], name: 'Zoë' }, SECRET, { algorithm: 'HS256', expiresIn: 3600, notBefore: 0, keyid: 'k1' });
    const [, , signature] = token.split('.');
    const payload = jwt.decode(token) as { iat: number; exp: number; nbf: number };
    expect(await run('jwt_decode', { token: `Bearer ${token}` })).toEqual({
      verified: false,
      header: { alg: 'HS256', typ: 'JWT', kid: 'k1' },
      payload: { sub: 'user-7', roles: ['admin'], name: 'Zoë', iat: payload.iat, exp: payload.exp, nbf: payload.nbf },
      signature,
      algorithm: 'HS256',
      issued_at: new Date(payload.iat * 1000).toISOString(),
      expires_at: new Date(payload.exp * 1000).toISOString(),
      not_before: new Date(payload.nbf * 1000).toISOString(),
      expired: false,
      not_yet_valid: false,
    });
  });

  it('When judged after exp, within the leeway, and before nbf, Then expired and not_yet_valid follow', async () => {
    const token = jwt.sign({ iat: 1_700_000_000, nbf: 1_700_000_000, exp: 1_700_003_600 }, SECRET);
    expect(await run('jwt_decode', { token, at: '2023-11-14T23:13:30Z' })).toMatchObject({ expired: true, not_yet_valid: false });
    expect(await run('jwt_decode', { token, at: '2023-11-14T23:13:30Z', leeway_seconds: 60 })).toMatchObject({ expired: false });
    expect(await run('jwt_decode', { token, at: '2023-11-14T22:00:00Z' })).toMatchObject({ expired: false, not_yet_valid: true });
  });

  it('When the token has no exp, Then expired is null', async () => {
    const token = jwt.sign({ sub: 'x' }, SECRET, { noTimestamp: true });
    expect(await run('jwt_decode', { token })).toMatchObject({ payload: { sub: 'x' }, expired: null, not_yet_valid: null });
  });

  it('When the token is malformed, encrypted, not base64url or not JSON, Then the call fails with its reason', async () => {
    const encoded = (value: string) => Buffer.from(value).toString('base64url');
    expect((await failureOf(kernel, 'jwt_decode', { token: 'abc.def' })).error).toMatchObject({ code: 'runtime_error', reason: 'malformed_token' });
    expect((await failureOf(kernel, 'jwt_decode', { token: 'a.b.c.d.e' })).error).toMatchObject({ code: 'runtime_error', reason: 'encrypted_token' });
    expect((await failureOf(kernel, 'jwt_decode', { token: `${encoded('{"alg":"none"}')}.pay load.x` })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_base64url',
    });
    expect((await failureOf(kernel, 'jwt_decode', { token: `${encoded('{"alg":"none"}')}.${encoded('not json')}.x` })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_json',
    });
    expect((await failureOf(kernel, 'jwt_decode', { token: `${encoded('{"alg":"none"}')}.${encoded('{}')}.`, at: 'someday' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_date',
    });
  });

  it('When the token is empty, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'jwt_decode', { token: '' })).error.code).toBe('invalid_input');
  });
});
