import { createTestKernel, TestKernel } from '../../support/kernel-harness';

// Node's own URL is the oracle: url_parse in the sandbox must agree with it on every case here, except where
// the URL Standard changed after Node 20's parser was written (listed in NEWER_STANDARD). An empty url is
// refused by the input schema before the tool runs, so it is left out.
const ABSOLUTE = [
  'https://example.com',
  'HTTP://EXAMPLE.COM:80/a/b?c=d#e',
  'http://u:p@host:8080/p',
  'http://u@host/',
  'http://:p@host/',
  'http://a/b/../c/./d',
  'http://a/%2e%2E/b/./c',
  'http://a/b/..',
  'http://a/b/.',
  'http://a/^{}`|',
  "http://a/b?c='d",
  'http://a/é?é#é',
  'http://a/ sp ace?q=a b#f g',
  'http://EXAMPLE.com./',
  'http://0x7f.1/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://[::ffff:127.0.0.1]/',
  'http://[2001:DB8:0:0:0:0:0:1]/',
  'http://[::]/',
  'http://[1:0:0:2::3:0]/',
  'http://bücher.de/',
  'http://ab%41.com',
  'http://a b/',
  'http://[::1/',
  'http://a:99999/',
  'http:///x',
  'http://@/x',
  'http://a\\b\\c',
  'file:///C|/x',
  'file:///etc/passwd',
  'file://localhost/x',
  'file://host/share',
  'sc://ü/x',
  'sc:a b?x',
  'mailto:someone@example.com',
  'data:text/plain,hi',
  'javascript:alert(1)',
  'urn:isbn:0451450523',
  'blob:https://a.com/x',
  'ws://a:80/',
  'wss://a:443/x',
  'ftp://a:21/f',
  'sc://host:123/p?q#f',
  'sc:/a/../b',
  'sc://a/./b/../c',
  'http://a/?a=1&a=2&b=%20x+y',
  '  http://trim.me/  ',
  'ht\ttp://a\n/b',
  'http://1.2.3.256/',
  'http://1.2.3.4.5/',
  'http://999999999999/',
  'http://a.0x/',
  'not a url',
  '',
  'http://',
  'https://ex%00ample.com/',
  'http://a/%zz',
  'http://a#\u0001',
  'file://host/C|/x',
  'http://a:/',
  'http://[::1]:8080/',
  'sc://a:b@c',
  'http://a/?#',
  'http://%41.com',
  'sc:/..//x',
  'web+demo:/.//not-a-host/',
  'constructor://a/./b',
  'http://a@b@c/',
  'http://ＥＸＡＭＰＬＥ．com/',
  'http://[::1.2.3.4]/',
  'http://[1::2::3]/',
];
const RELATIVE: Array<[string, string]> = [
  ['/x', 'http://a/b/c'],
  ['x', 'http://a/b/c'],
  ['../x', 'http://a/b/c'],
  ['../../../../x', 'http://a/b/c'],
  ['?q', 'http://a/b?c#d'],
  ['#f', 'http://a/b?c#d'],
  ['//other/p', 'https://a/b'],
  ['\\\\other\\p', 'https://a/b'],
  ['', 'http://a/b?c#d'],
  ['.', 'http://a/b/c'],
  ['http:x', 'http://a/b/c'],
  ['https:x', 'http://a/b/c'],
  ['mailto:x', 'http://a/'],
  ['x', 'mailto:a@b'],
  ['#x', 'mailto:a@b'],
  ['C|/y', 'file:///C:/x'],
  ['/y', 'file:///C:/x'],
  ['y', 'file:///a/b'],
  ['//h/y', 'file:///a'],
  ['x', 'sc://h/a/b'],
  ['./q?x', 'sc:/a/b'],
];

/** Input → href where the current URL Standard differs from Node 20's edition of it. */
const NEWER_STANDARD: Record<string, string> = {
  // U+005E (^) joined the path percent-encode set.
  'http://a/^{}`|': 'http://a/%5E%7B%7D%60|',
};

interface Parts {
  href: string;
  origin: string;
  host: string;
  hostname: string;
  pathname: string;
  search: string;
  hash: string;
  query_pairs: Array<{ name: string; value: string }>;
}

function nodeParse(input: string, base?: string): Parts | null {
  try {
    const u = base === undefined ? new URL(input) : new URL(input, base);
    const { href, origin, host, hostname, pathname, search, hash } = u;
    return { href, origin, host, hostname, pathname, search, hash, query_pairs: [...u.searchParams].map(([name, value]) => ({ name, value })) };
  } catch {
    return null;
  }
}

describe('url_parse against Node URL', () => {
  let kernel: TestKernel;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: ['url_parse'] });
  });
  afterAll(() => kernel.close());

  async function sandboxParse(url: string, base?: string): Promise<Parts | null> {
    const outcome = await kernel.invoke('url_parse', base === undefined ? { url } : { url, base });
    if (!outcome.success && outcome.error.reason === 'invalid_url') return null;
    if (!outcome.success) throw new Error(outcome.error.message);
    const result = outcome.result as unknown as Parts;
    const { href, origin, host, hostname, pathname, search, hash, query_pairs } = result;
    return { href, origin, host, hostname, pathname, search, hash, query_pairs };
  }

  it.each(ABSOLUTE.filter((u) => u !== '' && !(u in NEWER_STANDARD)).map((u) => [u]))('When %j is parsed, Then it matches Node URL', async (input) => {
    expect(await sandboxParse(input)).toEqual(nodeParse(input));
  });

  it.each(Object.entries(NEWER_STANDARD))('When %j is parsed, Then it follows the current URL Standard: %j', async (input, href) => {
    expect(await sandboxParse(input)).toMatchObject({ href });
  });

  it.each(RELATIVE.filter(([input]) => input !== ''))('When %j is resolved against %j, Then it matches Node URL', async (input, base) => {
    expect(await sandboxParse(input, base)).toEqual(nodeParse(input, base));
  });
});
