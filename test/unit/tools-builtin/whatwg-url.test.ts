import { parseUrl, resolveUrl, serializeOrigin, serializeUrl } from '../../../tools-builtin/url_parse/whatwg-url';
import { parseFormUrlencoded, serializeFormUrlencoded } from '../../../tools-builtin/url_parse/url-encoding';

// Node's own URL is the oracle: the sandbox parser must agree with it on every case here.
const ABSOLUTE = [
  'https://example.com', 'HTTP://EXAMPLE.COM:80/a/b?c=d#e', 'http://u:p@host:8080/p', 'http://u@host/', 'http://:p@host/',
  'http://a/b/../c/./d', 'http://a/%2e%2E/b/./c', 'http://a/b/..', 'http://a/b/.', 'http://a/^{}`|', "http://a/b?c='d",
  'http://a/é?é#é', 'http://a/ sp ace?q=a b#f g', 'http://EXAMPLE.com./', 'http://0x7f.1/', 'http://2130706433/',
  'http://0177.0.0.1/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/', 'http://[2001:DB8:0:0:0:0:0:1]/', 'http://[::]/',
  'http://[1:0:0:2::3:0]/', 'http://bücher.de/', 'http://ab%41.com', 'http://a b/', 'http://[::1/', 'http://a:99999/',
  'http:///x', 'http://@/x', 'http://a\\b\\c', 'file:///C|/x', 'file:///etc/passwd', 'file://localhost/x', 'file://host/share',
  'sc://ü/x', 'sc:a b?x', 'mailto:someone@example.com', 'data:text/plain,hi', 'javascript:alert(1)', 'urn:isbn:0451450523',
  'blob:https://a.com/x', 'ws://a:80/', 'wss://a:443/x', 'ftp://a:21/f', 'sc://host:123/p?q#f', 'sc:/a/../b', 'sc://a/./b/../c',
  'http://a/?a=1&a=2&b=%20x+y', '  http://trim.me/  ', 'ht\ttp://a\n/b', 'http://1.2.3.256/', 'http://1.2.3.4.5/',
  'http://999999999999/', 'http://a.0x/', 'not a url', '', 'http://', 'https://ex%00ample.com/', 'http://a/%zz', 'http://a#\u0001',
  'file://host/C|/x', 'http://a:/', 'http://[::1]:8080/', 'sc://a:b@c', 'http://a/?#', 'http://%41.com', 'sc:/..//x',
  'web+demo:/.//not-a-host/', 'constructor://a/./b', 'http://a@b@c/', 'http://ＥＸＡＭＰＬＥ．com/', 'http://[::1.2.3.4]/', 'http://[1::2::3]/',
];
const RELATIVE: Array<[string, string]> = [
  ['/x', 'http://a/b/c'], ['x', 'http://a/b/c'], ['../x', 'http://a/b/c'], ['../../../../x', 'http://a/b/c'], ['?q', 'http://a/b?c#d'],
  ['#f', 'http://a/b?c#d'], ['//other/p', 'https://a/b'], ['\\\\other\\p', 'https://a/b'], ['', 'http://a/b?c#d'], ['.', 'http://a/b/c'],
  ['http:x', 'http://a/b/c'], ['https:x', 'http://a/b/c'], ['mailto:x', 'http://a/'], ['x', 'mailto:a@b'], ['#x', 'mailto:a@b'],
  ['C|/y', 'file:///C:/x'], ['/y', 'file:///C:/x'], ['y', 'file:///a/b'], ['//h/y', 'file:///a'], ['x', 'sc://h/a/b'], ['./q?x', 'sc:/a/b'],
];

function nodeParse(input: string, base?: string): Record<string, string> | null {
  try {
    const u = base === undefined ? new URL(input) : new URL(input, base);
    return { href: u.href, origin: u.origin, host: u.host };
  } catch {
    return null;
  }
}

function ourParse(input: string, base?: string): Record<string, string> | null {
  const baseRecord = base === undefined ? null : parseUrl(base);
  const url = parseUrl(input, baseRecord);
  if (!url) return null;
  return { href: serializeUrl(url), origin: serializeOrigin(url), host: url.host === null ? '' : url.host + (url.port === null ? '' : `:${url.port}`) };
}

describe('whatwg-url (sandbox URL parser)', () => {
  it.each(ABSOLUTE.map((u) => [u]))('When %j is parsed, Then it matches Node URL', (input) => {
    expect(ourParse(input)).toEqual(nodeParse(input));
  });

  it.each(RELATIVE)('When %j is resolved against %j, Then it matches Node URL', (input, base) => {
    expect(ourParse(input, base)).toEqual(nodeParse(input, base));
  });

  it('When resolving with an invalid base, Then resolveUrl answers null', () => {
    expect(resolveUrl('/x', 'nope')).toBeNull();
    expect(resolveUrl('/x', 'https://a.example/dir/')).toBe('https://a.example/x');
  });
});

describe('url-encoding', () => {
  it('When a query is parsed, Then it agrees with URLSearchParams', () => {
    const query = 'a=1&a=2&b=%20x+y&c&=e&%E2%82%AC=%F0%9F%98%80&bad=%zz&&';
    expect(parseFormUrlencoded(query)).toEqual([...new URLSearchParams(query)]);
  });

  it('When pairs are serialized, Then they agree with URLSearchParams', () => {
    const pairs: Array<[string, string]> = [['q', 'a b&c=d'], ['lang', 'é€😀'], ['x', "*-._~!'()"]];
    expect(serializeFormUrlencoded(pairs)).toBe(new URLSearchParams(pairs).toString());
  });
});
