import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixtureWebServer } from '../../fixtures/tools/web/fixture-web-server';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { failureOf } from './builtin-tool-examples';

const WEB_TOOLS = ['http_request', 'web_fetch', 'web_search', 'rss_read', 'extract_links', 'url_parse'];
const FIXTURES = join(__dirname, '../../fixtures/tools/web');

describe('web tools through the real kernel', () => {
  const web = new FixtureWebServer();
  let kernel: TestKernel;

  beforeAll(async () => {
    await web.start();
    kernel = await createTestKernel({ tools: WEB_TOOLS, egressAllowHosts: ['127.0.0.1'] });
  });

  afterAll(async () => {
    await kernel?.close();
    await web.stop();
  });

  beforeEach(() => {
    web.requests.length = 0;
  });

  describe('manifest examples', () => {
    // Examples are what models are shown: those that need no network must be exactly true.
    const offline = ['url_parse', 'extract_links', 'rss_read', 'web_search'].flatMap((id) =>
      (
        JSON.parse(readFileSync(join(__dirname, '../../../tools-builtin', id, 'manifest.json'), 'utf8')) as {
          examples: Array<{ description: string; input: Record<string, never>; output?: unknown }>;
        }
      ).examples
        .filter((example) => example.output !== undefined && (id === 'url_parse' || (example.input.url === undefined && example.input.endpoint === undefined)))
        .map((example) => [id, example.description, example] as const),
    );

    it.each(offline)('When the %s example "%s" runs, Then it gives the output it shows', async (id, _description, example) => {
      const outcome = await kernel.invoke(id, example.input, { actor: { userId: 'example-runner', role: 'user' } });
      expect(outcome).toEqual(expect.objectContaining({ success: true, result: example.output }));
    });
  });

  describe('url_parse', () => {
    it('When given an absolute URL, Then it returns its normalised WHATWG parts and query', async () => {
      const outcome = await kernel.invoke('url_parse', { url: 'HTTPS://User:pw@Example.COM:443/a/./b/../c%20d?q=hello+world&tag=x&tag=y#top' });
      expect(outcome).toMatchObject({ success: true });
      expect(outcome.success && outcome.result).toEqual({
        href: 'https://User:pw@example.com/a/c%20d?q=hello+world&tag=x&tag=y#top',
        origin: 'https://example.com',
        protocol: 'https:',
        username: 'User',
        password: 'pw',
        host: 'example.com',
        hostname: 'example.com',
        host_type: 'domain',
        port: '',
        effective_port: 443,
        pathname: '/a/c%20d',
        path_segments: ['a', 'c d'],
        search: '?q=hello+world&tag=x&tag=y',
        hash: '#top',
        query: { q: 'hello world', tag: ['x', 'y'] },
        query_pairs: [
          { name: 'q', value: 'hello world' },
          { name: 'tag', value: 'x' },
          { name: 'tag', value: 'y' },
        ],
      });
    });

    it('When given a relative URL and a base, Then it resolves it like a browser', async () => {
      const outcome = await kernel.invoke('url_parse', { url: '../img/logo.png?v=2', base: 'http://[::FFFF:127.0.0.1]:8080/blog/post/' });
      expect(outcome).toMatchObject({
        success: true,
        result: { href: 'http://[::ffff:7f00:1]:8080/blog/img/logo.png?v=2', host_type: 'ipv6', port: '8080', query: { v: '2' } },
      });
    });

    it('When the URL or its base is not valid, Then the call fails with invalid_url', async () => {
      expect((await failureOf(kernel, 'url_parse', { url: 'http://exa mple.com/' })).error).toEqual({
        code: 'runtime_error',
        reason: 'invalid_url',
        message: 'Invalid URL: http://exa mple.com/',
      });
      expect((await failureOf(kernel, 'url_parse', { url: 'a', base: 'not a base' })).error).toMatchObject({
        reason: 'invalid_url',
        message: 'Invalid base URL: not a base',
      });
    });
  });

  describe('http_request', () => {
    it('When a JSON API answers, Then status, headers and the parsed body come back', async () => {
      const outcome = await kernel.invoke('http_request', { url: `${web.baseUrl}/api/echo?x=1` });
      expect(outcome).toMatchObject({
        success: true,
        result: {
          status: 201,
          status_ok: true,
          url: `${web.baseUrl}/api/echo?x=1`,
          content_type: 'application/json; charset=utf-8',
          body_format: 'json',
          body: { method: 'GET', path: '/api/echo?x=1' },
          truncated: false,
        },
      });
      expect(outcome.success && (outcome.result as { headers: Record<string, string> }).headers['x-fixture']).toBe('echo');
    });

    it('When the body is a JSON object, Then it is sent as JSON with its content type', async () => {
      const outcome = await kernel.invoke('http_request', {
        url: `${web.baseUrl}/api/echo`,
        method: 'POST',
        headers: { 'X-Trace': 'abc' },
        body: { event: 'deploy', ok: true },
      });
      expect(outcome).toMatchObject({ success: true, result: { status: 201 } });
      expect(web.requests).toHaveLength(1);
      expect(web.requests[0]).toMatchObject({ method: 'POST', body: '{"event":"deploy","ok":true}' });
      expect(web.requests[0].headers).toMatchObject({ 'content-type': 'application/json', 'x-trace': 'abc' });
    });

    it('When the body is a string, Then it is sent as it is with the given method and content type', async () => {
      await kernel.invoke('http_request', { url: `${web.baseUrl}/api/echo`, method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'a,b\n1,2\n' });
      expect(web.requests[0]).toMatchObject({ method: 'PUT', body: 'a,b\n1,2\n', headers: { 'content-type': 'text/csv' } });
    });

    it('When the server answers 404, Then it is a result with status_ok false, not a failure', async () => {
      const outcome = await kernel.invoke('http_request', { url: `${web.baseUrl}/api/missing`, method: 'DELETE' });
      expect(outcome).toMatchObject({
        success: true,
        result: { status: 404, status_ok: false, body_format: 'json', body: { title: 'Not Found', status: 404 } },
      });
      expect(outcome.success && Object.keys(outcome.result as object)).not.toContain('ok');
    });

    it('When a server labels broken text as JSON, Then the text comes back unparsed', async () => {
      const outcome = await kernel.invoke('http_request', { url: `${web.baseUrl}/api/lies` });
      expect(outcome).toMatchObject({ success: true, result: { body_format: 'text', body: 'not { json' } });
    });

    it('When base64 is asked for, Then binary content comes back intact', async () => {
      const outcome = await kernel.invoke('http_request', { url: `${web.baseUrl}/logo.png`, response_encoding: 'base64' });
      expect(outcome).toMatchObject({ success: true, result: { body_format: 'base64', content_type: 'image/png' } });
      const body = outcome.success ? String((outcome.result as { body: string }).body) : '';
      expect([...Buffer.from(body, 'base64')]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    });

    it('When the body is too big to hand back, Then it is cut to 700,000 characters and flagged', async () => {
      const text = await kernel.invoke('http_request', { url: `${web.baseUrl}/big.txt` });
      expect(text).toMatchObject({ success: true, result: { body_format: 'text', truncated: true } });
      expect(text.success && String((text.result as { body: string }).body)).toBe('abcdefghij'.repeat(70_000));
      const json = await kernel.invoke('http_request', { url: `${web.baseUrl}/big.json` });
      expect(json).toMatchObject({
        success: true,
        result: { body_format: 'text', truncated: true, body: expect.stringMatching(/^\{"items":\[\{"i":0,"name":"item 0"\}/) },
      });
    });

    it('When the target is a cloud metadata address, Then the egress guard refuses it without echoing the address', async () => {
      const outcome = await kernel.invoke('http_request', { url: 'http://169.254.169.254/latest/meta-data/' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'forbidden_target', message: expect.stringContaining('only public internet addresses') },
      });
      expect(JSON.stringify(outcome)).not.toContain('169.254');
    });
  });

  describe('web_fetch', () => {
    it('When a page is fetched, Then its title and main text come back without navigation, scripts or chrome', async () => {
      const outcome = await kernel.invoke('web_fetch', { url: `${web.baseUrl}/article.html` });
      expect(outcome).toMatchObject({
        success: true,
        result: { url: `${web.baseUrl}/article.html`, status: 200, content_type: 'text/html', title: 'Sandboxes & isolates — a field guide', truncated: false },
      });
      const text = outcome.success ? (outcome.result as { text: string }).text : '';
      expect(text.startsWith('Why one isolate per plugin\n\nAn isolate has its own heap')).toBe(true);
      expect(text).toContain('keeps a small pool of warm isolates');
      expect(text).toContain('Café culture');
      expect(text).toMatch(/ - Memory limit per isolate\n - CPU budget per call/);
      expect(text).toMatch(/timeout_ms +10000/);
      for (const hidden of ['Home', 'sidebar', 'footer', 'script text', 'hidden paragraph', 'Subscribe now', 'font-family']) expect(text).not.toContain(hidden);
    });

    it('When the URL redirects, Then the final URL is reported', async () => {
      const outcome = await kernel.invoke('web_fetch', { url: `${web.baseUrl}/moved`, max_chars: 100 });
      expect(outcome).toMatchObject({ success: true, result: { url: `${web.baseUrl}/article.html`, truncated: true } });
      expect(outcome.success && (outcome.result as { text: string }).text).toHaveLength(100);
    });

    it('When the page is plain text, Then the text comes back as it is', async () => {
      const outcome = await kernel.invoke('web_fetch', { url: `${web.baseUrl}/notes.txt` });
      expect(outcome).toMatchObject({ success: true, result: { content_type: 'text/plain', title: '', text: 'plain notes, kept as they are', length: 29 } });
    });

    it('When the resource is an image, Then the call fails with a message pointing to http_request', async () => {
      const outcome = await kernel.invoke('web_fetch', { url: `${web.baseUrl}/logo.png` });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'unsupported_content_type', message: expect.stringContaining('is image/png (use http_request') },
      });
    });

    it('When the page answers 404, Then that is the answer: a result with the status, not a failure', async () => {
      const outcome = await kernel.invoke('web_fetch', { url: `${web.baseUrl}/api/missing` });
      expect(outcome).toMatchObject({ success: true, result: { status: 404, text: expect.stringContaining('Not Found') } });
    });
  });

  describe('extract_links', () => {
    it('When a page is read, Then its http links are resolved against <base href>, fragments dropped, duplicates removed', async () => {
      const outcome = await kernel.invoke('extract_links', { url: `${web.baseUrl}/article.html` });
      expect(outcome).toEqual(
        expect.objectContaining({
          success: true,
          result: {
            base_url: `${web.baseUrl}/guide/`,
            links: [
              { url: `${web.baseUrl}/`, text: 'Home', internal: true },
              { url: `${web.baseUrl}/guide/about.html`, text: 'About', internal: true },
              { url: 'https://elsewhere.example.net/x', text: 'Elsewhere', internal: false },
              { url: `${web.baseUrl}/guide/pools.html`, text: 'a small pool', internal: true },
            ],
            total: 4,
            truncated: false,
          },
        }),
      );
    });

    it('When only same-host links are wanted and few are allowed, Then the rest is cut and counted', async () => {
      const outcome = await kernel.invoke('extract_links', { url: `${web.baseUrl}/article.html`, same_host_only: true, max_links: 2 });
      expect(outcome).toMatchObject({ success: true, result: { total: 3, truncated: true, links: [{ text: 'Home' }, { text: 'About' }] } });
    });

    it('When HTML is given with a base URL, Then nothing is fetched and links are resolved against it', async () => {
      const html = '<p><a href="/docs" rel="nofollow">Docs</a> <a href="x.html"><img alt="Picture"></a> <a href="#top">Top</a></p>';
      const outcome = await kernel.invoke('extract_links', { html, base_url: 'https://example.com/dir/index.html' });
      expect(outcome).toMatchObject({
        success: true,
        result: {
          base_url: 'https://example.com/dir/index.html',
          links: [
            { url: 'https://example.com/docs', text: 'Docs', rel: 'nofollow', internal: true },
            { url: 'https://example.com/dir/x.html', text: 'Picture', internal: true },
            { url: 'https://example.com/dir/index.html', text: 'Top', internal: true },
          ],
        },
      });
      expect(web.requests).toHaveLength(0);
    });

    it('When neither url nor html is given, Then the call fails with invalid_input and a clear message', async () => {
      const outcome = await kernel.invoke('extract_links', {});
      expect(outcome).toMatchObject({ success: false, error: { code: 'invalid_input', message: expect.stringContaining('Give exactly one of `url`') } });
    });
  });

  describe('rss_read', () => {
    it('When an RSS 2.0 feed is read, Then items carry absolute links, ISO dates, authors and plain summaries', async () => {
      const outcome = await kernel.invoke('rss_read', { url: `${web.baseUrl}/feeds/rss2.xml` });
      expect(outcome).toMatchObject({ success: true });
      expect(outcome.success && outcome.result).toEqual({
        feed: {
          format: 'rss',
          title: 'Kernel & Tools Blog',
          link: 'https://blog.example.org/',
          description: 'Notes about sandboxes',
          updated: '2024-05-06T10:00:00.000Z',
          url: `${web.baseUrl}/feeds/rss2.xml`,
        },
        items: [
          {
            title: 'Isolates in practice',
            link: 'https://blog.example.org/posts/isolates',
            id: 'post-2',
            published: '2024-05-06T09:30:00.000Z',
            author: 'Ada Lovelace',
            summary: 'Why one isolate per plugin & version.',
            categories: ['sandbox', 'v8'],
          },
          {
            title: 'Hello world',
            link: `${web.baseUrl}/posts/hello`,
            id: 'https://blog.example.org/posts/hello',
            published: '2024-05-01T06:00:00.000Z',
            author: '',
            summary: 'First post ever',
            categories: [],
          },
        ],
        total: 2,
        truncated: false,
      });
    });

    it('When an Atom feed is read, Then alternate links are resolved and HTML or XHTML content becomes text', async () => {
      const outcome = await kernel.invoke('rss_read', { url: `${web.baseUrl}/feeds/atom.xml`, max_items: 1 });
      expect(outcome).toMatchObject({
        success: true,
        result: {
          feed: {
            format: 'atom',
            title: 'Release notes',
            link: `${web.baseUrl}/releases/`,
            description: 'Every release of the kernel',
            updated: '2024-05-02T12:00:00.000Z',
          },
          items: [
            {
              title: 'Kernel 1.1 released',
              link: `${web.baseUrl}/releases/1.1`,
              id: 'tag:example.org,2024:1.1',
              author: 'Grace Hopper',
              summary: 'Adds the kv capability.',
              categories: ['release'],
            },
          ],
          total: 2,
          truncated: true,
        },
      });
    });

    it('When an RSS 1.0 (RDF) document is given as xml, Then it is read without fetching', async () => {
      const outcome = await kernel.invoke('rss_read', { xml: readFileSync(join(FIXTURES, 'rdf.xml'), 'utf8') });
      expect(outcome).toMatchObject({
        success: true,
        result: {
          feed: { format: 'rdf', title: 'Old-school feed', url: null },
          items: [{ title: 'Item A', link: 'https://old.example.net/a', published: '2003-12-13T18:30:02.000Z', author: 'Tim' }],
        },
      });
      expect(web.requests).toHaveLength(0);
    });

    it('When the document is not a feed, Then the call fails with not_a_feed, saying so', async () => {
      const outcome = await kernel.invoke('rss_read', { url: `${web.baseUrl}/article.html` });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'not_a_feed', message: expect.stringContaining('Not an RSS or Atom feed') },
      });
    });

    it('When the feed answers 404, Then the call fails with http_error: an error page is not a feed', async () => {
      expect((await failureOf(kernel, 'rss_read', { url: `${web.baseUrl}/api/missing` })).error).toEqual({
        code: 'runtime_error',
        reason: 'http_error',
        message: `The feed answered HTTP 404: ${web.baseUrl}/api/missing`,
      });
    });
  });

  describe('web_search', () => {
    it('When no endpoint is given or remembered, Then the call fails with not_configured and instructions, fetching nothing', async () => {
      const outcome = await kernel.invoke('web_search', { query: 'isolates' }, { actor: { userId: 'user-without-endpoint', role: 'user' } });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'not_configured', message: expect.stringContaining('Pass `endpoint`') },
      });
      expect(web.requests).toHaveLength(0);
    });

    it('When an endpoint is given and remembered, Then results are mapped and later searches reuse it', async () => {
      const actor = { userId: 'searcher', role: 'user' as const };
      const first = await kernel.invoke(
        'web_search',
        { query: 'isolated vm', endpoint: `${web.baseUrl}/searx`, remember_endpoint: true, max_results: 2, language: 'en', time_range: 'month', page: 2 },
        { actor },
      );
      expect(first).toMatchObject({ success: true });
      expect(first.success && first.result).toEqual({
        endpoint: `${web.baseUrl}/searx`,
        query: 'isolated vm',
        results: [
          {
            title: 'About isolated vm',
            url: 'https://docs.example.org/isolated%20vm',
            snippet: 'Everything about isolated vm.',
            engine: 'duckduckgo',
            published_at: null,
          },
          { title: 'News item', url: 'https://news.example.org/item', snippet: 'page 2', engine: 'bing', published_at: '2024-05-01T00:00:00' },
        ],
        suggestions: ['isolated vm tutorial'],
        answers: ['42'],
      });
      expect(web.requests[0].path).toBe('/searx/search?q=isolated+vm&format=json&pageno=2&language=en&time_range=month');

      const second = await kernel.invoke('web_search', { query: 'second' }, { actor });
      expect(second).toMatchObject({
        success: true,
        result: { endpoint: `${web.baseUrl}/searx`, results: [{ title: 'About second' }, {}, {}] },
      });
      const otherUser = await kernel.invoke('web_search', { query: 'third' }, { actor: { userId: 'someone-else', role: 'user' } });
      expect(otherUser).toMatchObject({ success: false, error: { reason: 'not_configured' } });
    });

    it('When the endpoint has the JSON format switched off, Then the failure says how to enable it and nothing is remembered', async () => {
      const actor = { userId: 'typo-user', role: 'user' as const };
      const outcome = await kernel.invoke('web_search', { query: 'x', endpoint: `${web.baseUrl}/no-json-search`, remember_endpoint: true }, { actor });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'http_error', message: expect.stringContaining('`json` is missing from `search.formats`') },
      });
      expect(await kernel.invoke('web_search', { query: 'x' }, { actor })).toMatchObject({ success: false, error: { reason: 'not_configured' } });
    });

    it('When the endpoint already ends in /search, Then it is used as it is', async () => {
      const outcome = await kernel.invoke('web_search', { query: 'a&b', endpoint: `${web.baseUrl}/searx/search/` });
      expect(outcome).toMatchObject({ success: true, result: { results: [{ title: 'About a&b' }, {}, {}] } });
      expect(web.requests[0].path).toBe('/searx/search?q=a%26b&format=json&pageno=1');
    });
  });
});
