/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, kv, ToolError } from 'kernel:api';
import { mapResults, searchUrl, SearchOptions } from './searx-request';

interface WebSearchInput extends SearchOptions {
  max_results?: number;
  endpoint?: string;
  remember_endpoint?: boolean;
}

/** kv key (this plugin, this user) holding the remembered SearXNG base URL. */
const ENDPOINT_KEY = 'web_search.endpoint';
const DEFAULT_MAX_RESULTS = 5;

const NOT_CONFIGURED =
  'No search endpoint is configured. Pass `endpoint` (the base URL of a SearXNG instance with the JSON format enabled), ' +
  'and `remember_endpoint: true` to keep it for later searches.';

async function resolveEndpoint(input: WebSearchInput): Promise<string | null> {
  if (input.endpoint !== undefined) return input.endpoint;
  const stored = await kv.get(ENDPOINT_KEY);
  return typeof stored === 'string' && stored !== '' ? stored : null;
}

function httpFailure(status: number): string {
  const hint = status === 403 ? ' (SearXNG answers 403 when `json` is missing from `search.formats` in its settings.yml)' : '';
  return `The search endpoint answered HTTP ${status}${hint}.`;
}

export default async function webSearch(input: WebSearchInput) {
  const endpoint = await resolveEndpoint(input);
  // Without an endpoint there is no search to run: an empty result list would read as "nothing found".
  if (endpoint === null) throw new ToolError('not_configured', NOT_CONFIGURED);
  const url = searchUrl(endpoint, input);
  if (url === null) throw new ToolError('invalid_url', `The search endpoint is not an http(s) URL: ${endpoint}`);
  const response = await http.get(url, { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new ToolError('http_error', httpFailure(response.status));
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new ToolError('invalid_response', 'The search endpoint did not answer JSON; is it a SearXNG-compatible /search API?');
  }
  // Remembered only once it has answered like a search API, so a typo is not kept.
  if (input.endpoint !== undefined && input.remember_endpoint) await kv.set(ENDPOINT_KEY, input.endpoint);
  return { endpoint, query: input.query, ...mapResults(body, input.max_results ?? DEFAULT_MAX_RESULTS) };
}
