import { CustomToolOfKind, secretContextOf } from '../../domain/tool/custom-tool.entity';
import { EgressForbiddenTargetError } from '../../domain/tool/egress.errors';
import { isHeaderValue } from '../../domain/tool/http-header-syntax';
import { templateOrigin } from '../../domain/tool/http-tool-origin';
import { renderJson, renderText, renderUrl, ToolArguments } from '../../domain/tool/http-tool-template';
import { parseResponseMapping, pickPath } from '../../domain/tool/response-mapping';
import { ToolError } from '../../domain/tool/tool-outcome';
import { EgressRequest, HttpEgress } from '../../ports/http-egress.port';
import { SecretCipher } from '../../ports/secret-cipher.port';
import { DomainError } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { decodeBody } from './response-body';

export type HttpCallResult = { ok: true; value: JsonValue; httpCalls: number } | { ok: false; error: ToolError; httpCalls: number };

const MAX_RESPONSE_BYTES = 1_048_576;
const TIMEOUT_MS = 15_000;
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE']);

/** How an egress failure reads as a tool outcome. */
const EGRESS_OUTCOMES: Record<string, ToolError['code']> = {
  forbidden_target: 'capability_denied',
  timeout: 'timeout',
  too_large: 'invalid_output',
  upstream_error: 'unavailable',
};

/**
 * Runs a custom http tool on the host side (no user code runs): fills the templates, adds
 * the credential (opened only for this call), sends it through the egress guard, and reads
 * the JSON (or text) answer. Every failure is a `ToolError`, never a throw.
 */
export class HttpToolCaller {
  constructor(
    private readonly egress: HttpEgress,
    private readonly cipher: SecretCipher,
  ) {}

  async call(tool: CustomToolOfKind<'http'>, args: ToolArguments, signal?: AbortSignal): Promise<HttpCallResult> {
    const request = this.requestFor(tool, args);
    if ('error' in request) return { ok: false, error: request.error, httpCalls: 0 };
    let status: number;
    let value: JsonValue;
    try {
      const response = await this.egress.request({ ...request, signal });
      status = response.status;
      value = decodeBody(response.body, response.headers['content-type']);
    } catch (error) {
      return { ok: false, error: egressFailure(error), httpCalls: 1 };
    }
    if (status < 200 || status > 299) return { ok: false, error: { code: 'runtime_error', message: `The service answered HTTP ${status}` }, httpCalls: 1 };
    return this.mapped(tool, value);
  }

  private requestFor(tool: CustomToolOfKind<'http'>, args: ToolArguments): EgressRequest | { error: ToolError } {
    const { config } = tool;
    const headers: Record<string, string> = {};
    for (const [name, template] of Object.entries(config.headers)) headers[name.toLowerCase()] = renderText(template, args);
    if (!Object.values(headers).every((value) => isHeaderValue(value))) {
      return { error: { code: 'invalid_input', message: 'Arguments used in headers must be single-line Latin-1 text of at most 4096 characters' } };
    }
    const body = bodyOf(tool, args, headers);
    let origin: string;
    const url = renderUrl(config.url, args);
    try {
      origin = new URL(url).origin;
    } catch {
      return { error: { code: 'invalid_input', message: 'The arguments do not make a valid URL' } };
    }
    // A tool stored before its URL was checked may still take its host from an argument.
    if (config.auth && origin !== templateOrigin(config.url)) {
      return { error: { code: 'invalid_input', message: "The arguments would send the tool's credential to another host" } };
    }
    if (config.auth) {
      let secret: string;
      try {
        secret = this.cipher.open(tool.sealedSecret ?? '', secretContextOf(tool.id));
      } catch {
        return { error: { code: 'unavailable', message: "The tool's stored credential cannot be read; set it again" } };
      }
      if (config.auth.type === 'bearer') headers.authorization = `Bearer ${secret}`;
      else headers[config.auth.headerName] = secret;
    }
    return {
      url,
      method: config.method,
      headers,
      body,
      maxBytes: MAX_RESPONSE_BYTES,
      timeoutMs: TIMEOUT_MS,
      // The guard drops Authorization and Cookie on a cross-origin hop, but not a custom auth header.
      beforeRedirect: config.auth
        ? (next) => {
            if (new URL(next).origin !== origin) throw new EgressForbiddenTargetError('A redirect to another origin would carry the credential');
          }
        : undefined,
    };
  }

  private mapped(tool: CustomToolOfKind<'http'>, value: JsonValue): HttpCallResult {
    const path = tool.config.responseMapping;
    if (path === null) return { ok: true, value, httpCalls: 1 };
    if (value === null || typeof value !== 'object') {
      return { ok: false, error: { code: 'invalid_output', message: 'The response is not JSON, so response_mapping cannot apply' }, httpCalls: 1 };
    }
    return { ok: true, value: pickPath(value, parseResponseMapping(path) ?? []), httpCalls: 1 };
  }
}

function bodyOf(tool: CustomToolOfKind<'http'>, args: ToolArguments, headers: Record<string, string>): string | undefined {
  const { bodyTemplate, method } = tool.config;
  if (bodyTemplate === null && BODYLESS.has(method)) return undefined;
  if (typeof bodyTemplate === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    return renderText(bodyTemplate, args);
  }
  headers['content-type'] ??= 'application/json';
  // No template on POST/PUT/PATCH: the arguments themselves are the JSON body.
  return JSON.stringify(bodyTemplate === null ? args : renderJson(bodyTemplate, args));
}

function egressFailure(error: unknown): ToolError {
  if (error instanceof DomainError && EGRESS_OUTCOMES[error.reason]) return { code: EGRESS_OUTCOMES[error.reason], message: error.message };
  return { code: 'unavailable', message: 'The request could not be sent' };
}
