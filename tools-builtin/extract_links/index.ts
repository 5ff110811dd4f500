/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, ToolError } from 'kernel:api';
import { parseURL, serializeHost, serializeURL, URLRecord } from 'whatwg-url';
import { findLinks } from './html-links';

interface ExtractLinksInput {
  url?: string;
  html?: string;
  base_url?: string;
  same_host_only?: boolean;
  max_links?: number;
}

interface Link {
  url: string;
  text: string;
  rel?: string;
  internal: boolean;
}

const DEFAULT_MAX_LINKS = 200;

async function loadHtml(input: ExtractLinksInput): Promise<{ html: string; baseUrl: string | null }> {
  if ((input.url === undefined) === (input.html === undefined))
    throw new ToolError('invalid_input', 'Give exactly one of `url` (a page to fetch) or `html` (markup to read).');
  if (input.html !== undefined) return { html: input.html, baseUrl: input.base_url ?? null };
  const response = await http.get(input.url as string, { headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' } });
  return { html: response.body, baseUrl: response.url };
}

export default async function extractLinks(input: ExtractLinksInput) {
  const { html, baseUrl } = await loadHtml(input);
  const documentBase = baseUrl === null ? null : parseURL(baseUrl);
  if (baseUrl !== null && documentBase === null) throw new ToolError('invalid_url', `Invalid base URL: ${baseUrl}`);
  const raw = findLinks(html);
  // <base href> itself is relative to the document URL (HTML: "document base URL").
  const base = (raw.base !== null ? parseURL(raw.base, { baseURL: documentBase ?? undefined }) : null) ?? documentBase;
  const maxLinks = input.max_links ?? DEFAULT_MAX_LINKS;
  const seen = new Set<string>();
  const links: Link[] = [];
  let total = 0;
  for (const candidate of raw.links) {
    const url = parseURL(candidate.href, { baseURL: base ?? undefined });
    if (url === null || (url.scheme !== 'http' && url.scheme !== 'https')) continue;
    const href = serializeURL(url, true); // #section links point at the same resource
    const internal = base !== null && hostOf(url) === hostOf(base);
    if (seen.has(href) || (input.same_host_only && !internal)) continue;
    seen.add(href);
    total += 1;
    if (links.length < maxLinks) links.push({ url: href, text: candidate.text, ...(candidate.rel ? { rel: candidate.rel } : {}), internal });
  }
  return { base_url: base === null ? null : serializeURL(base), links, total, truncated: total > links.length };
}

function hostOf(url: URLRecord): string | null {
  return url.host === null ? null : serializeHost(url.host);
}
