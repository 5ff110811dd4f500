import { Sha256SecretHasher } from '../../../../adapters/auth/sha256-secret-hasher';
import { WebhookRequest, webhookInput } from '../../../../core/domain/webhook/webhook-request';
import { DomainError } from '../../../../core/shared/domain-error';
import { WebhookGate } from '../../../../core/services/webhooks/webhook-gate.service';

const TOKEN = 'tok_abcdefghijklmnop';
const gate = (token: string | undefined) => new WebhookGate({ token, maxBodyBytes: 1024, idempotencyTtlMs: 1000 }, new Sha256SecretHasher());
const delivery = (overrides: Partial<WebhookRequest> = {}): WebhookRequest => ({
  token: TOKEN,
  authorization: undefined,
  headers: {},
  query: {},
  body: null,
  idempotencyKey: undefined,
  ...overrides,
});

function refusal(run: () => void): { code: string; message: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}

describe('WebhookGate', () => {
  it('When the right token is in X-Webhook-Token alone, Then the delivery is admitted', () => {
    expect(refusal(() => gate(TOKEN).admit(delivery({ body: { token: 'a Slack verification token', text: 'hi' }, query: { page: '2' } })))).toBeUndefined();
  });

  it('When no token is configured, Then every delivery is refused as not found', () => {
    expect(refusal(() => gate(undefined).admit(delivery()))).toEqual({ code: 'webhook.not_found', message: 'Webhooks are not enabled on this server' });
  });

  it.each([
    ['missing', delivery({ token: undefined }), /^Missing webhook token/],
    ['empty', delivery({ token: '' }), /^Missing webhook token/],
    ['wrong', delivery({ token: `${TOKEN}x` }), /^Invalid webhook token$/],
    ['in the query', delivery({ query: { t: TOKEN } }), /found in the query string/],
    ['named in the query', delivery({ query: { 'Webhook-Token': 'anything' } }), /found in the query string/],
    ['deep in the body', delivery({ body: { a: [{ b: TOKEN }] } }), /found in the request body/],
    ['named in the body', delivery({ body: { x_webhook_token: 'anything' } }), /found in the request body/],
    ['a Bearer header', delivery({ authorization: 'Bearer something' }), /found in the Authorization header/],
    ['a raw Authorization header', delivery({ authorization: TOKEN }), /found in the Authorization header/],
  ])('When the token is %s, Then 401-class webhook.unauthorized', (_case, request, message) => {
    const refused = refusal(() => gate(TOKEN).admit(request));
    expect(refused?.code).toBe('webhook.unauthorized');
    expect(refused?.message).toMatch(message);
    expect(refused?.message).not.toContain(TOKEN);
  });
});

describe('webhookInput', () => {
  it('When credential headers come, Then the four of decisions.md and other credential-like names are dropped, the rest kept', () => {
    const input = webhookInput({
      body: { a: 1 },
      query: { q: 'x' },
      headers: {
        authorization: 'a',
        cookie: 'c',
        'x-webhook-token': 't',
        'x-api-key': 'k',
        'proxy-authorization': 'p',
        'x-github-event': 'push',
        'content-type': 'application/json',
      },
    });
    expect(input).toEqual({ body: { a: 1 }, query: { q: 'x' }, headers: { 'x-github-event': 'push', 'content-type': 'application/json' } });
  });
});
