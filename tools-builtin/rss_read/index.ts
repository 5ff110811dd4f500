/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, ToolError } from 'kernel:api';
import { URL } from 'whatwg-url';
import { parseFeed } from './feed-parser';

interface RssReadInput {
  url?: string;
  xml?: string;
  max_items?: number;
}

const DEFAULT_MAX_ITEMS = 20;

async function loadXml(input: RssReadInput): Promise<{ xml: string; url: string | null }> {
  if ((input.url === undefined) === (input.xml === undefined))
    throw new ToolError('invalid_input', 'Give exactly one of `url` (a feed to fetch) or `xml` (a feed document).');
  if (input.xml !== undefined) return { xml: input.xml, url: null };
  const response = await http.get(input.url as string, {
    headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5' },
  });
  // An error page is not a feed: there is nothing to read (a 404 included).
  if (response.status >= 400) throw new ToolError('http_error', `The feed answered HTTP ${response.status}: ${response.url}`);
  return { xml: response.body, url: response.url };
}

export default async function rssRead(input: RssReadInput) {
  const { xml, url } = await loadXml(input);
  const feed = parseFeed(xml);
  const absolute = (link: string): string => (url === null || link === '' ? link : (resolved(link, url) ?? link));
  const maxItems = input.max_items ?? DEFAULT_MAX_ITEMS;
  return {
    feed: { format: feed.format, title: feed.title, link: absolute(feed.link), description: feed.description, updated: feed.updated, url },
    items: feed.items.slice(0, maxItems).map((item) => ({ ...item, link: absolute(item.link) })),
    total: feed.items.length,
    truncated: feed.items.length > maxItems,
  };
}

/** `link` made absolute against the feed's URL, like a browser would; null when it cannot be. */
function resolved(link: string, base: string): string | null {
  try {
    return new URL(link, base).href;
  } catch {
    return null;
  }
}
