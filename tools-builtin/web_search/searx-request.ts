/** Builds a SearXNG `/search?format=json` request URL and maps its JSON answer to search results. */
import { URL, URLSearchParams } from 'whatwg-url';

export interface SearchOptions {
  query: string;
  page?: number;
  language?: string;
  time_range?: 'day' | 'week' | 'month' | 'year';
  categories?: string;
}

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  engine: string;
  published_at: string | null;
}

/** `https://searx.example.org` and `https://searx.example.org/search` both name the same API; null when not an http(s) URL. */
export function searchUrl(endpoint: string, options: SearchOptions): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (segments[segments.length - 1] !== 'search') segments.push('search');
  url.pathname = `/${segments.join('/')}`;
  const params = new URLSearchParams([
    ['q', options.query],
    ['format', 'json'],
    ['pageno', String(options.page ?? 1)],
  ]);
  if (options.language) params.append('language', options.language);
  if (options.time_range) params.append('time_range', options.time_range);
  if (options.categories) params.append('categories', options.categories);
  url.search = params.toString();
  url.hash = '';
  return url.href;
}

interface SearxResult {
  title?: unknown;
  url?: unknown;
  content?: unknown;
  engine?: unknown;
  publishedDate?: unknown;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

export function mapResults(body: unknown, max: number): { results: SearchResult[]; suggestions: string[]; answers: string[] } {
  const data = (body !== null && typeof body === 'object' ? body : {}) as { results?: unknown; suggestions?: unknown; answers?: unknown };
  const raw = Array.isArray(data.results) ? (data.results as SearxResult[]) : [];
  const results = raw
    .filter((r) => r !== null && typeof r === 'object' && str(r.url) !== '')
    .slice(0, max)
    .map((r) => ({ title: str(r.title), url: str(r.url), snippet: str(r.content), engine: str(r.engine), published_at: str(r.publishedDate) || null }));
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : str((v as { answer?: unknown })?.answer))).filter((v) => v !== '') : [];
  return { results, suggestions: strings(data.suggestions), answers: strings(data.answers) };
}
