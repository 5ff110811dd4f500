import { Actor } from '../../../../../core/domain/auth/actor';
import { EgressForbiddenTargetError, EgressTimeoutError } from '../../../../../core/domain/tool/egress.errors';
import { ToolUseRateLimitedError } from '../../../../../core/domain/tool/tool.errors';
import { EgressRequest, EgressResponse } from '../../../../../core/ports/http-egress.port';
import { JsonObject } from '../../../../../core/shared/json';
import { HttpNode, MAX_HTTP_RESPONSE_BYTES } from '../../../../../core/services/workflows/nodes/http-node';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

const encoder = new TextEncoder();

class FakeEgress {
  readonly requests: EgressRequest[] = [];
  constructor(private readonly answer: (request: EgressRequest) => EgressResponse) {}
  async request(request: EgressRequest): Promise<EgressResponse> {
    this.requests.push(request);
    return this.answer(request);
  }
}

class FakeThrottle {
  readonly taken: Array<{ actor: Actor; cost: number }> = [];
  constructor(private readonly refuse = false) {}
  async take(actor: Actor, cost: number): Promise<void> {
    if (this.refuse) throw new ToolUseRateLimitedError(30, 12);
    this.taken.push({ actor, cost });
  }
}

const jsonResponse = (): EgressResponse => ({
  status: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': 'session=secret', 'x-request-id': 'r-1' },
  body: encoder.encode('{"id": 7, "tags": ["a"]}'),
  url: 'https://api.example.com/orders',
});

function context(config: JsonObject, signal?: AbortSignal) {
  return nodeContext({ type: 'http', config, input: { id: 7, name: 'Ada', token: 'tok-1' }, signal });
}

describe('http node', () => {
  it('When it runs, Then the rendered request goes through the egress guard and the output is {status, headers, body as JSON}', async () => {
    const egress = new FakeEgress(jsonResponse);
    const throttle = new FakeThrottle();
    const signal = new AbortController().signal;
    const config = {
      method: 'post',
      url: 'https://api.example.com/orders/{{input.id}}',
      headers: { 'X-Caller': '{{input.name}}', Authorization: 'Bearer {{input.token}}' },
      body: { id: '{{input.id}}', note: 'for {{input.name}}' },
      timeout_ms: 5000,
    };

    const result = await new HttpNode(egress, throttle).run(context(config, signal));

    expect(result).toEqual({
      output: { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r-1' }, body: { id: 7, tags: ['a'] } },
    });
    expect(egress.requests).toEqual([
      {
        url: 'https://api.example.com/orders/7',
        method: 'POST',
        headers: { 'x-caller': 'Ada', authorization: 'Bearer tok-1', 'content-type': 'application/json' },
        body: '{"id":7,"note":"for Ada"}',
        timeoutMs: 5000,
        maxBytes: MAX_HTTP_RESPONSE_BYTES,
        signal,
      },
    ]);
    expect(throttle.taken).toEqual([{ actor: { userId: 'user-1', role: 'user' }, cost: 2 }]);
  });

  it('When the body is a string template, Then it is sent as rendered text; GET and 15 s are the defaults', async () => {
    const egress = new FakeEgress(() => ({
      status: 404,
      headers: { 'content-type': 'text/plain' },
      body: encoder.encode('no such order'),
      url: 'https://x.example',
    }));

    const result = await new HttpNode(egress, new FakeThrottle()).run(context({ url: 'https://x.example/{{input.id}}' }));

    expect(result.output).toEqual({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'no such order' });
    expect(egress.requests[0]).toMatchObject({ method: 'GET', timeoutMs: 15_000, body: undefined });

    await new HttpNode(egress, new FakeThrottle()).run(context({ method: 'PUT', url: 'https://x.example', body: 'name={{input.name}}' }));
    expect(egress.requests[1]).toMatchObject({ method: 'PUT', body: 'name=Ada', headers: {} });
  });

  it('When query parameters are given, Then each is rendered and percent-encoded onto the URL, after those it has', async () => {
    const egress = new FakeEgress(jsonResponse);
    const config = { url: 'https://x.example/search?lang=en', query: { q: '{{input.name}} & co #1/2', page: 2, exact: true } };

    await new HttpNode(egress, new FakeThrottle()).run(context(config));

    expect(egress.requests[0].url).toBe('https://x.example/search?lang=en&q=Ada+%26+co+%231%2F2&page=2&exact=true');
  });

  it.each([
    ['a URL that renders to no http(s) URL', { url: '{{input.name}}' }],
    ['a file URL', { url: 'file:///etc/passwd' }],
    ['an unknown method', { url: 'https://x.example', method: 'TRACE' }],
    ['a header value with a line break', { url: 'https://x.example', headers: { 'x-a': 'a\r\nx-b: b' } }],
    ['a header name that is no token', { url: 'https://x.example', headers: { 'x a': 'b' } }],
    ['a header value that is no string', { url: 'https://x.example', headers: { 'x-a': 1 } }],
    ['a GET with a body', { url: 'https://x.example', body: 'x' }],
  ])('When the config has %s, Then the node fails before any request', async (_case, config) => {
    const egress = new FakeEgress(jsonResponse);

    await expect(new HttpNode(egress, new FakeThrottle()).run(context(config))).rejects.toMatchObject({ code: 'workflow.invalid_request' });
    expect(egress.requests).toEqual([]);
  });

  it('When the egress guard refuses the target or times out, Then the node fails with its code', async () => {
    const refusing = new FakeEgress(() => {
      throw new EgressForbiddenTargetError('The destination is not allowed');
    });
    const slow = new FakeEgress(() => {
      throw new EgressTimeoutError('No answer in 5000 ms');
    });

    await expect(new HttpNode(refusing, new FakeThrottle()).run(context({ url: 'http://127.0.0.1/admin' }))).rejects.toMatchObject({
      code: 'egress.forbidden_target',
    });
    await expect(new HttpNode(slow, new FakeThrottle()).run(context({ url: 'https://x.example' }))).rejects.toMatchObject({ code: 'egress.timeout' });
  });

  it('When the caller has spent their tool-use rate, Then the node fails as rate limited and sends nothing', async () => {
    const egress = new FakeEgress(jsonResponse);

    await expect(new HttpNode(egress, new FakeThrottle(true)).run(context({ url: 'https://x.example' }))).rejects.toMatchObject({ code: 'tool.rate_limited' });
    expect(egress.requests).toEqual([]);
  });
});
