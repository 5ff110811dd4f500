import { FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { CodeToolConfig, HTTP_TOOL_METHODS, HttpToolAuth, HttpToolConfig, HttpToolMethod } from './custom-tool.entity';
import type { CustomToolConfigSpec } from './custom-tool-spec';
import { isHeaderName, isHeaderValue, MAX_HEADER_VALUE_CHARS } from './http-header-syntax';
import { placeholdersReachHost } from './http-tool-origin';
import { placeholdersOf, renderUrl } from './http-tool-template';
import { parseResponseMapping } from './response-mapping';
import { isSensitiveHeader } from './sensitive-headers';

export type HttpConfigCheck = { ok: true; kind: 'http'; config: HttpToolConfig; secret?: string; keepsSecret: boolean } | { ok: false; issues: FieldIssue[] };
export type CodeConfigCheck = { ok: true; kind: 'code'; config: CodeToolConfig } | { ok: false; issues: FieldIssue[] };

export const MAX_CODE_CHARS = 64 * 1024;
const MAX_URL = 2048;
const MAX_HEADERS = 50;
const MAX_BODY_TEMPLATE_CHARS = 64 * 1024;
const MAX_SECRET = 4096;

export function checkCodeConfig(config: CustomToolConfigSpec): CodeConfigCheck {
  const code = config.code;
  if (typeof code !== 'string' || code.trim().length === 0 || code.length > MAX_CODE_CHARS) {
    return { ok: false, issues: [{ field: 'config.code', message: `must be JavaScript of 1 to ${MAX_CODE_CHARS} characters` }] };
  }
  if (!/\bmain\b/.test(code)) {
    return { ok: false, issues: [{ field: 'config.code', message: 'must define function main(input)' }] };
  }
  return { ok: true, kind: 'code', config: { code } };
}

export function checkHttpConfig(config: CustomToolConfigSpec): HttpConfigCheck {
  const issues: FieldIssue[] = [...urlIssues(config.url)];
  const method = (typeof config.method === 'string' ? config.method : 'GET').toUpperCase();
  if (!(HTTP_TOOL_METHODS as ReadonlyArray<string>).includes(method)) {
    issues.push({ field: 'config.method', message: `must be one of ${HTTP_TOOL_METHODS.join(', ')}` });
  }
  const headers = config.headers ?? {};
  issues.push(...headerIssues(headers));
  const bodyTemplate = config.bodyTemplate ?? null;
  issues.push(...bodyIssues(bodyTemplate, method));
  const responseMapping = config.responseMapping ?? null;
  if (responseMapping !== null && (typeof responseMapping !== 'string' || parseResponseMapping(responseMapping) === null)) {
    issues.push({ field: 'config.response_mapping', message: 'must be a dotted path such as data.items[0].name' });
  }
  const auth = checkAuth(config.auth ?? null, issues);
  if (auth.auth !== null && issues.length === 0 && placeholdersReachHost(config.url as string)) {
    issues.push({ field: 'config.url', message: 'must not take its host or port from arguments when the tool sends a credential (config.auth)' });
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    kind: 'http',
    config: { url: config.url as string, method: method as HttpToolMethod, headers: { ...headers }, bodyTemplate, responseMapping, auth: auth.auth },
    secret: auth.secret,
    keepsSecret: auth.auth !== null && auth.secret === undefined,
  };
}

function urlIssues(url: unknown): FieldIssue[] {
  const field = 'config.url';
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL)
    return [{ field, message: `must be an absolute http(s) URL of at most ${MAX_URL} characters` }];
  let parsed: URL;
  try {
    // Placeholders stand for arguments: check the shape with a harmless value in their place.
    parsed = new URL(renderUrl(url, Object.fromEntries(placeholdersOf(url).map((name) => [name, 'x']))));
  } catch {
    return [{ field, message: 'must be an absolute http(s) URL' }];
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return [{ field, message: 'must use http or https' }];
  if (parsed.username || parsed.password) return [{ field, message: 'must not carry credentials; use config.auth' }];
  return [];
}

function headerIssues(headers: unknown): FieldIssue[] {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers))
    return [{ field: 'config.headers', message: 'must be an object of header names to strings' }];
  const entries = Object.entries(headers as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) return [{ field: 'config.headers', message: `must hold at most ${MAX_HEADERS} headers` }];
  const issues: FieldIssue[] = [];
  for (const [name, value] of entries) {
    const field = `config.headers.${name}`;
    if (!isHeaderName(name)) issues.push({ field, message: 'is not a valid header name' });
    else if (isSensitiveHeader(name)) issues.push({ field, message: 'credentials are not stored in plain headers; use config.auth' });
    if (!isHeaderValue(value)) issues.push({ field, message: `must be a single-line Latin-1 string of at most ${MAX_HEADER_VALUE_CHARS} characters` });
  }
  return issues;
}

function bodyIssues(template: string | JsonValue | null, method: string): FieldIssue[] {
  const field = 'config.body_template';
  if (template === null) return [];
  if (method === 'GET' || method === 'HEAD') return [{ field, message: `is not allowed with ${method}` }];
  if (JSON.stringify(template).length > MAX_BODY_TEMPLATE_CHARS) return [{ field, message: `must be at most ${MAX_BODY_TEMPLATE_CHARS} characters` }];
  return [];
}

function checkAuth(auth: CustomToolConfigSpec['auth'], issues: FieldIssue[]): { auth: HttpToolAuth | null; secret?: string } {
  if (auth === null || auth === undefined) return { auth: null };
  const secret = auth.secret;
  // The secret is sent as a header value (after `Bearer ` for bearer auth).
  if (secret !== undefined && (!isHeaderValue(secret, MAX_SECRET) || secret.length === 0)) {
    issues.push({ field: 'config.auth.secret', message: `must be a single-line Latin-1 string of 1 to ${MAX_SECRET} characters` });
  }
  if (auth.type === 'bearer') return { auth: { type: 'bearer' }, secret };
  if (auth.type === 'header') {
    const headerName = auth.headerName ?? '';
    if (!isHeaderName(headerName)) issues.push({ field: 'config.auth.header_name', message: 'must be a valid header name' });
    return { auth: { type: 'header', headerName: headerName.toLowerCase() }, secret };
  }
  issues.push({ field: 'config.auth.type', message: 'must be "bearer" or "header"' });
  return { auth: null };
}
