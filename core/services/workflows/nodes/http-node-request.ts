import { HTTP_TOOL_METHODS } from '../../../domain/tool/custom-tool.entity';
import { isHeaderName, isHeaderValue } from '../../../domain/tool/http-header-syntax';
import { renderTemplate, renderTemplateValue, TemplateScope, textOf } from '../../../domain/workflow/template';
import { EgressRequest } from '../../../ports/http-egress.port';
import { JsonObject } from '../../../shared/json';
import { numberField, objectField, textField } from './node-config';
import { NodeFailure } from './node-failure';

export const MAX_URL_CHARS = 2048;
export const MAX_HTTP_TIMEOUT_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 15_000;

/** The egress request an http node's config describes, rendered; a malformed one fails the node. */
export function httpNodeRequest(config: JsonObject, scope: TemplateScope): EgressRequest {
  const method = (textField(config, 'method') ?? 'GET').toUpperCase();
  if (!(HTTP_TOOL_METHODS as ReadonlyArray<string>).includes(method)) invalid(`method must be one of ${HTTP_TOOL_METHODS.join(', ')}`);
  const url = urlOf(config, scope);
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(objectField(config, 'headers'))) {
    const value = typeof template === 'string' ? renderTemplate(template, scope) : undefined;
    if (!isHeaderName(name) || !isHeaderValue(value)) invalid(`header "${name.slice(0, 64)}" must render to a single-line Latin-1 value`);
    headers[name.toLowerCase()] = value;
  }
  const body = bodyOf(config, scope, headers);
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) invalid(`a ${method} request takes no body`);
  const timeout = numberField(config, 'timeout_ms') ?? DEFAULT_TIMEOUT_MS;
  return { url, method, headers, body, timeoutMs: Math.min(Math.max(timeout, 1), MAX_HTTP_TIMEOUT_MS) };
}

/** A string body is a template sent as text; an object or array is rendered and sent as JSON. */
function bodyOf(config: JsonObject, scope: TemplateScope, headers: Record<string, string>): string | undefined {
  const body = config.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return renderTemplate(body, scope);
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(renderTemplateValue(body, scope));
}

/**
 * The rendered `url` (values inserted as they are, so one may be a whole URL), then each `query`
 * parameter rendered and percent-encoded onto it: the way to pass data that may hold `&`, `#` or `/`.
 */
function urlOf(config: JsonObject, scope: TemplateScope): string {
  const parsed = httpUrl(renderTemplate(textField(config, 'url') ?? '', scope).trim());
  for (const [name, template] of Object.entries(objectField(config, 'query'))) {
    parsed?.searchParams.append(name, typeof template === 'string' ? renderTemplate(template, scope) : textOf(template));
  }
  const url = parsed?.toString() ?? '';
  if (url === '' || url.length > MAX_URL_CHARS) invalid(`url must render to an absolute http(s) URL of at most ${MAX_URL_CHARS} characters`);
  return url;
}

function httpUrl(text: string): URL | undefined {
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function invalid(message: string): never {
  throw new NodeFailure('workflow.invalid_request', `The HTTP request is not valid: ${message}`);
}
