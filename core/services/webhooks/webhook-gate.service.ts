import { inject, injectable } from 'inversify';
import { WebhooksDisabledError, WebhookUnauthorizedError } from '../../domain/webhook/webhook.errors';
import { WebhookRequest } from '../../domain/webhook/webhook-request';
import { SECRET_HASHER, SecretHasher } from '../../ports/secret-hasher.port';
import { bodyStringsOfLength, namesTokenField, namesTokenParameter, queryValues } from './token-placements';
import { WEBHOOK_SETTINGS, WebhookSettings } from './webhook-settings';

const WHERE_IT_GOES = 'send the webhook token in the X-Webhook-Token header only';

/**
 * Admits a webhook delivery on the global `WEBHOOK_AUTH_TOKEN` (SECURITY.md, webhooks): off when
 * none is configured; the token only in `X-Webhook-Token`, compared in constant time over digests.
 * A token in the query string (it ends up in access logs and proxies), the body, or an
 * `Authorization` header is refused even when it is right, with a message saying where it goes.
 */
@injectable()
export class WebhookGate {
  private readonly expected: string | undefined;

  constructor(
    @inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @inject(SECRET_HASHER) private readonly hasher: SecretHasher,
  ) {
    this.expected = settings.token === undefined ? undefined : hasher.digest(settings.token);
  }

  admit(request: Pick<WebhookRequest, 'token' | 'authorization' | 'query' | 'body'>): void {
    if (this.expected === undefined || this.settings.token === undefined) throw new WebhooksDisabledError();
    const misplaced = this.misplacement(request, this.expected, this.settings.token.length);
    if (misplaced) throw new WebhookUnauthorizedError(`A webhook token was found in ${misplaced}, which is refused even when it is right: ${WHERE_IT_GOES}`);
    if (!request.token) throw new WebhookUnauthorizedError(`Missing webhook token: ${WHERE_IT_GOES}`);
    if (!this.hasher.matches(request.token, this.expected)) throw new WebhookUnauthorizedError('Invalid webhook token');
  }

  private misplacement(request: Pick<WebhookRequest, 'authorization' | 'query' | 'body'>, expected: string, length: number): string | undefined {
    const isToken = (value: string): boolean => value.length === length && this.hasher.matches(value, expected);
    const authorization = request.authorization?.trim();
    if (authorization && (/^bearer\s/i.test(authorization) || authorization.split(/\s+/).some(isToken))) return 'the Authorization header';
    if (namesTokenParameter(request.query) || queryValues(request.query).some(isToken)) return 'the query string';
    if (namesTokenField(request.body) || bodyStringsOfLength(request.body, length).some(isToken)) return 'the request body';
    return undefined;
  }
}
