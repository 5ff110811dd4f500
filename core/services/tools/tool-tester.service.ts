import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { HTTP_TOOL_METHODS } from '../../domain/tool/custom-tool.entity';
import { MAX_CODE_CHARS } from '../../domain/tool/custom-tool-config.rules';
import { isHeaderName, isHeaderValue } from '../../domain/tool/http-header-syntax';
import { isSensitiveHeader } from '../../domain/tool/sensitive-headers';
import { ToolError, ToolLogLine } from '../../domain/tool/tool-outcome';
import { HTTP_EGRESS, HttpEgress } from '../../ports/http-egress.port';
import { PerMinuteAllowance } from '../quotas/per-minute-allowance.service';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';
import { RateLimitedError, ValidationError } from '../../shared/common.errors';
import { DomainError, FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { TOOLS_SETTINGS, ToolsSettings } from './tools-settings';

export interface HttpTestRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Text is sent as is; any other JSON value is sent as JSON. */
  body?: JsonValue;
}

export interface HttpTestResult {
  /** The exchange completed with a 2xx status. */
  success: boolean;
  /** 0 when no answer came back. */
  status: number;
  /** Lower-cased; credential-bearing headers (`set-cookie`…) are left out. */
  headers: Record<string, string>;
  /** UTF-8 text. */
  body: string;
  /** Why no answer came back: `timeout`, `too_large` or `upstream_error`. */
  error?: { code: string; message: string };
}

export interface CodeTestRequest {
  code: string;
  language: string;
  input?: JsonValue;
}

export type CodeTestResult = { success: true; result: JsonValue; logs: ToolLogLine[] } | { success: false; error: ToolError; logs: ToolLogLine[] };

const MAX_RESPONSE_BYTES = 1_048_576;
const TIMEOUT_MS = 15_000;
const decoder = new TextDecoder('utf-8');

/**
 * The "try it" endpoints of the tool editor. Both execute something on the user's behalf,
 * so both are rate-limited per user (SECURITY.md): a request to the network through the
 * egress guard, or code in the sandbox kernel (never in this process).
 */
@injectable()
export class ToolTester {
  constructor(
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
    @inject(HTTP_EGRESS) private readonly egress: HttpEgress,
    @inject(PerMinuteAllowance) private readonly allowance: PerMinuteAllowance,
    @inject(TOOLS_SETTINGS) private readonly settings: ToolsSettings,
  ) {}

  /** A refused destination throws `EgressForbiddenTargetError`; other network failures are a result. */
  async testHttp(actor: Actor, request: HttpTestRequest): Promise<HttpTestResult> {
    await this.consume(actor);
    const method = (request.method ?? 'GET').toUpperCase();
    const issues = httpIssues(request, method);
    if (issues.length > 0) throw new ValidationError('Invalid HTTP test', issues);
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    let body: string | undefined;
    if (typeof request.body === 'string') body = request.body;
    else if (request.body !== undefined && request.body !== null) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(request.body);
    }
    try {
      const response = await this.egress.request({ url: request.url, method, headers, body, maxBytes: MAX_RESPONSE_BYTES, timeoutMs: TIMEOUT_MS });
      const shown = Object.entries(response.headers).filter(([name]) => !isSensitiveHeader(name));
      const success = response.status >= 200 && response.status <= 299;
      return { success, status: response.status, headers: Object.fromEntries(shown), body: decoder.decode(response.body) };
    } catch (error) {
      if (!(error instanceof DomainError) || error.reason === 'forbidden_target') throw error;
      return { success: false, status: 0, headers: {}, body: '', error: { code: error.reason, message: error.message } };
    }
  }

  async testCode(actor: Actor, request: CodeTestRequest): Promise<CodeTestResult> {
    await this.consume(actor);
    const issues: FieldIssue[] = [];
    if (request.language !== 'javascript') issues.push({ field: 'language', message: 'must be "javascript"' });
    if (typeof request.code !== 'string' || request.code.trim().length === 0 || request.code.length > MAX_CODE_CHARS) {
      issues.push({ field: 'code', message: `must be JavaScript of 1 to ${MAX_CODE_CHARS} characters` });
    }
    if (issues.length > 0) throw new ValidationError('Invalid code test', issues);
    const outcome = await this.registry.runCode(request.code, request.input ?? null, { actor });
    if (outcome.success) return { success: true, result: outcome.result, logs: outcome.logs };
    return { success: false, error: outcome.error, logs: outcome.logs };
  }

  private async consume(actor: Actor): Promise<void> {
    const limit = this.settings.testRatePerMinute;
    const retryAfter = await this.allowance.spend(`tools-test:${actor.userId}`, limit);
    if (retryAfter !== null) throw new RateLimitedError(`At most ${limit} tool tests per minute; try again later`, retryAfter);
  }
}

function httpIssues(request: HttpTestRequest, method: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (typeof request.url !== 'string' || request.url.length > 2048 || !/^https?:\/\//i.test(request.url) || !parses(request.url)) {
    issues.push({ field: 'url', message: 'must be an absolute http(s) URL of at most 2048 characters' });
  }
  if (!(HTTP_TOOL_METHODS as ReadonlyArray<string>).includes(method)) {
    issues.push({ field: 'method', message: `must be one of ${HTTP_TOOL_METHODS.join(', ')}` });
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!isHeaderName(name) || !isHeaderValue(value)) {
      issues.push({ field: `headers.${name}`, message: 'must be a valid header name with a single-line Latin-1 value of at most 4096 characters' });
    }
  }
  if (request.body !== undefined && request.body !== null && (method === 'GET' || method === 'HEAD')) {
    issues.push({ field: 'body', message: `is not allowed with ${method}` });
  }
  return issues;
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}
