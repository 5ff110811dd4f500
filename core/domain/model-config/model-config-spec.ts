import { FieldIssue } from '../../shared/domain-error';
import { Result } from '../../shared/result';
import { isHeaderValue } from '../tool/http-header-syntax';
import { MODEL_PROVIDERS, ModelProvider } from './model-config.entity';

export const MAX_NAME_CHARS = 100;
export const MAX_MODEL_CHARS = 200;
export const MAX_BASE_URL_CHARS = 2048;
export const MAX_API_KEY_CHARS = 4096;

/** The writable fields of a configuration, as a create or a merged update states them. */
export interface ModelConfigSpec {
  name: string;
  provider: string;
  model: string;
  baseUrl: string | null;
  /** A new key; undefined keeps the stored one (updates) or sets none; null removes it. */
  apiKey?: string | null;
  isDefault: boolean;
}

/** What a spec becomes once checked. */
export interface CheckedModelConfig {
  name: string;
  provider: ModelProvider;
  model: string;
  baseUrl: string | null;
  /** `keep`: the stored key stays; `none`: no key is stored. */
  apiKey: { set: string } | 'keep' | 'none';
  isDefault: boolean;
}

/** Providers that cannot answer without a key, and those that need an endpoint. */
const KEY_REQUIRED: ReadonlyArray<ModelProvider> = ['openai', 'anthropic'];
// Names and model names are shown and sent as they are: no line breaks or other control characters.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Checks a configuration's fields and what each provider needs: `openai` and `anthropic` a key,
 * `local` a base URL, `offline` neither. `hasStoredKey`: an update keeps a key already stored.
 */
export function checkModelConfigSpec(spec: ModelConfigSpec, hasStoredKey: boolean): Result<CheckedModelConfig, FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const name = typeof spec.name === 'string' ? spec.name.trim() : '';
  if (name === '' || name.length > MAX_NAME_CHARS || CONTROL_CHARS.test(name)) {
    issues.push({ field: 'name', message: `must be 1 to ${MAX_NAME_CHARS} characters on one line` });
  }
  const provider = (MODEL_PROVIDERS as ReadonlyArray<string>).includes(spec.provider) ? (spec.provider as ModelProvider) : undefined;
  if (!provider) issues.push({ field: 'provider', message: `must be one of ${MODEL_PROVIDERS.join(', ')}` });
  const model = typeof spec.model === 'string' ? spec.model.trim() : '';
  if (model === '' || model.length > MAX_MODEL_CHARS || CONTROL_CHARS.test(model)) {
    issues.push({ field: 'model', message: `must be 1 to ${MAX_MODEL_CHARS} characters on one line` });
  }
  const baseUrl = spec.baseUrl === null || spec.baseUrl === undefined || spec.baseUrl === '' ? null : spec.baseUrl;
  if (baseUrl !== null) issues.push(...baseUrlIssues(baseUrl));
  if (
    spec.apiKey !== undefined &&
    spec.apiKey !== null &&
    (spec.apiKey === '' || !isHeaderValue(spec.apiKey, MAX_API_KEY_CHARS) || spec.apiKey.includes('\t'))
  ) {
    issues.push({ field: 'api_key', message: `must be 1 to ${MAX_API_KEY_CHARS} printable Latin-1 characters on one line` });
  }
  let apiKey: CheckedModelConfig['apiKey'] =
    spec.apiKey === undefined ? (hasStoredKey ? 'keep' : 'none') : spec.apiKey === null ? 'none' : { set: spec.apiKey };
  // The offline model needs no key: moving a configuration to it drops the stored one.
  if (provider === 'offline' && apiKey === 'keep') apiKey = 'none';
  if (provider) issues.push(...providerIssues(provider, baseUrl, apiKey));
  if (issues.length > 0 || !provider) return { ok: false, error: issues };
  return { ok: true, value: { name, provider, model, baseUrl, apiKey, isDefault: spec.isDefault === true } };
}

function baseUrlIssues(raw: string): FieldIssue[] {
  const problem = { field: 'base_url', message: `must be an absolute http(s) URL of at most ${MAX_BASE_URL_CHARS} characters, without credentials` };
  if (typeof raw !== 'string' || raw.length > MAX_BASE_URL_CHARS) return [problem];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [problem];
  }
  const ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.hash === '';
  return ok ? [] : [problem];
}

function providerIssues(provider: ModelProvider, baseUrl: string | null, apiKey: CheckedModelConfig['apiKey']): FieldIssue[] {
  if (provider === 'offline') {
    return [
      ...(baseUrl !== null ? [{ field: 'base_url', message: 'is not used by the offline provider' }] : []),
      ...(typeof apiKey === 'object' ? [{ field: 'api_key', message: 'is not used by the offline provider' }] : []),
    ];
  }
  if (provider === 'local' && baseUrl === null) return [{ field: 'base_url', message: 'is required for the local provider' }];
  if (KEY_REQUIRED.includes(provider) && apiKey === 'none') return [{ field: 'api_key', message: `is required for the ${provider} provider` }];
  return [];
}

/**
 * A stored key was given for one endpoint: an update that sends it elsewhere (another provider
 * or base URL origin) must give the key again, or whoever may edit the configuration could have
 * it delivered to a server of their choosing.
 */
export function storedKeyMustBeResent(previous: { provider: ModelProvider; baseUrl: string | null }, next: CheckedModelConfig): boolean {
  return next.apiKey === 'keep' && (previous.provider !== next.provider || originOf(previous.baseUrl) !== originOf(next.baseUrl));
}

function originOf(url: string | null): string | null {
  return url === null ? null : new URL(url).origin;
}
