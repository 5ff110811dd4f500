import { excerpt, filterHeaders, redactUrl } from '../../../tools-builtin/send_webhook/webhook-request';

describe('filterHeaders', () => {
  it('When credential and transport headers are given, Then they are dropped and named; others pass lower-cased', () => {
    const result = filterHeaders({
      'X-Event-Type': 'order.paid',
      Authorization: 'Bearer abc',
      Cookie: 'sid=1',
      'X-Api-Key': 'k',
      'X-Slack-Signature-Token': 't',
      'Proxy-Authorization': 'Basic x',
      Host: 'evil.example',
      'Content-Type': 'text/plain',
      'X-Forwarded-For': '10.0.0.1',
      'Client-Secret': 's',
      Accept: 'application/json',
    });
    expect(result.headers).toEqual({ 'x-event-type': 'order.paid', accept: 'application/json' });
    expect(result.dropped).toEqual([
      'authorization',
      'client-secret',
      'content-type',
      'cookie',
      'host',
      'proxy-authorization',
      'x-api-key',
      'x-forwarded-for',
      'x-slack-signature-token',
    ]);
  });

  it('When no headers are given, Then nothing is sent or dropped', () => {
    expect(filterHeaders()).toEqual({ headers: {}, dropped: [] });
  });
});

describe('redactUrl', () => {
  it('When the path holds a webhook key, Then that segment is masked', () => {
    expect(redactUrl('https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX1')).toBe(
      'https://hooks.slack.com/services/T00000000/B00000000/***',
    );
  });

  it('When the query holds secret-named or secret-looking values, Then only those are masked', () => {
    expect(redactUrl('https://x.example/hook?token=abc&channel=ops&sig=zz&v=a1b2c3d4e5f6g7h8i9')).toBe(
      'https://x.example/hook?token=***&channel=ops&sig=***&v=***',
    );
  });

  it('When the URL has user info or a fragment, Then they are not shown', () => {
    expect(redactUrl('https://user:pass@x.example/a#frag')).toBe('https://x.example/a#***');
  });

  it('When the URL is plain, Then it is unchanged', () => {
    expect(redactUrl('http://127.0.0.1:8080/hooks/orders')).toBe('http://127.0.0.1:8080/hooks/orders');
  });

  it('When it is not an http URL, Then it is fully masked', () => {
    expect(redactUrl('ftp://x.example/a')).toBe('***');
  });
});

describe('excerpt', () => {
  it('When the body is short, Then it is whole', () => {
    expect(excerpt('ok', 10)).toEqual({ text: 'ok', truncated: false });
  });

  it('When the body is long, Then it is cut without splitting a surrogate pair', () => {
    expect(excerpt('abc', 2)).toEqual({ text: 'ab', truncated: true });
    expect(excerpt('a😀b', 2)).toEqual({ text: 'a', truncated: true });
  });
});
