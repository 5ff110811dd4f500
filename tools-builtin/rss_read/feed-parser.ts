/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom 1.0 documents → one feed shape, with the bundled fast-xml-parser.
 * Namespace prefixes are dropped (`dc:creator` → `creator`, `content:encoded` → `encoded`).
 */
import { ToolError } from 'kernel:api';
import { XMLParser } from 'fast-xml-parser';
import { convert } from 'html-to-text';

export type FeedFormat = 'rss' | 'atom' | 'rdf';

export interface FeedItem {
  title: string;
  link: string;
  id: string;
  published: string | null;
  author: string;
  summary: string;
  categories: string[];
}

export interface Feed {
  format: FeedFormat;
  title: string;
  link: string;
  description: string;
  updated: string | null;
  items: FeedItem[];
}

type Node = string | number | boolean | null | undefined | Node[] | { [key: string]: Node };
type Element = { [key: string]: Node };

const SUMMARY_CHARS = 1000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && (name === 'item' || name === 'entry' || name === 'category'),
});

function list(value: Node): Node[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

/** All text under a node (attributes excluded), e.g. Atom `type="xhtml"` content. */
function text(value: Node): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(text).join(' ').trim();
  return Object.keys(value)
    .filter((key) => !key.startsWith('@_'))
    .map((key) => text(value[key]))
    .join(' ')
    .trim();
}

function attr(value: Node, name: string): string {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? text(value[`@_${name}`]) : '';
}

function plain(html: string, max = SUMMARY_CHARS): string {
  const out = /[<&]/.test(html)
    ? convert(html, {
        wordwrap: false,
        selectors: [
          { selector: 'a', options: { ignoreHref: true } },
          { selector: 'img', format: 'skip' },
        ],
      })
    : html;
  const collapsed = out.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

function isoDate(value: Node): string | null {
  const raw = text(value);
  if (raw === '') return null;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? raw : new Date(time).toISOString();
}

/** RSS `<link>` is text; Atom `<link href rel>` may repeat; prefer rel=alternate. */
function pickLink(value: Node): string {
  const links = list(value);
  const textual = links.find((l) => typeof l === 'string' && l !== '');
  if (typeof textual === 'string') return textual;
  const alternate = links.find((l) => attr(l, 'href') !== '' && ['', 'alternate'].includes(attr(l, 'rel')));
  return attr(alternate ?? links.find((l) => attr(l, 'href') !== ''), 'href');
}

function authorOf(item: Element): string {
  const atomAuthors = list(item.author).map((a) => (a !== null && typeof a === 'object' && !Array.isArray(a) ? text(a.name) : text(a)));
  return [...atomAuthors, ...list(item.creator).map(text)].filter((a) => a !== '').join(', ');
}

function itemOf(node: Node, format: FeedFormat): FeedItem {
  const item = (node !== null && typeof node === 'object' && !Array.isArray(node) ? node : {}) as Element;
  const summarySource = format === 'atom' ? text(item.summary) || text(item.content) : text(item.description) || text(item.encoded);
  return {
    title: plain(text(item.title), 500),
    link: pickLink(item.link),
    id: text(item.guid) || text(item.id) || attr(item, 'about'),
    published: isoDate(item.pubDate ?? item.published ?? item.date ?? item.updated),
    author: authorOf(item),
    summary: plain(summarySource),
    categories: list(item.category)
      .map((c) => attr(c, 'term') || text(c))
      .filter((c) => c !== ''),
  };
}

/** Parses a feed document; throws with a clear message when it is neither RSS nor Atom. */
export function parseFeed(xml: string): Feed {
  const doc = parser.parse(xml) as Element;
  if (doc.rss !== undefined || doc.RDF !== undefined) {
    const format: FeedFormat = doc.rss !== undefined ? 'rss' : 'rdf';
    const root = (format === 'rss' ? doc.rss : doc.RDF) as Element;
    const channel = (list(root.channel)[0] ?? {}) as Element;
    const items = format === 'rss' ? list(channel.item) : list(root.item);
    return {
      format,
      title: plain(text(channel.title), 500),
      link: pickLink(channel.link),
      description: plain(text(channel.description)),
      updated: isoDate(channel.lastBuildDate ?? channel.pubDate ?? channel.date),
      items: items.map((item) => itemOf(item, format)),
    };
  }
  if (doc.feed !== undefined) {
    const feed = doc.feed as Element;
    return {
      format: 'atom',
      title: plain(text(feed.title), 500),
      link: pickLink(feed.link),
      description: plain(text(feed.subtitle)),
      updated: isoDate(feed.updated),
      items: list(feed.entry).map((entry) => itemOf(entry, 'atom')),
    };
  }
  throw new ToolError('not_a_feed', 'Not an RSS or Atom feed: the document root is neither <rss>, <rdf:RDF> nor <feed>.');
}
