/**
 * Finds `<a href>` and `<area href>` links and the document's `<base href>` in HTML, using the
 * bundled html-to-text's parser (its formatter hook sees every matched element in document order).
 */
import { convert, DomNode, FormatCallback } from 'html-to-text';

export interface RawLink {
  href: string;
  text: string;
  rel: string;
}

export interface RawLinks {
  base: string | null;
  links: RawLink[];
}

function innerText(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.name === 'img') return String(node.attribs?.alt ?? '');
  return (node.children ?? []).map(innerText).join('');
}

export function findLinks(html: string): RawLinks {
  const found: RawLinks = { base: null, links: [] };
  const collectLink: FormatCallback = (elem) => {
    const href = elem.attribs?.href;
    if (typeof href !== 'string' || href.trim() === '') return;
    const text = elem.name === 'area' ? String(elem.attribs?.alt ?? '') : innerText(elem);
    found.links.push({ href: href.trim(), text: text.replace(/\s+/g, ' ').trim(), rel: String(elem.attribs?.rel ?? '') });
  };
  const collectBase: FormatCallback = (elem) => {
    const href = elem.attribs?.href;
    if (found.base === null && typeof href === 'string' && href.trim() !== '') found.base = href.trim();
  };
  convert(html, {
    wordwrap: false,
    baseElements: { selectors: ['base', 'a', 'area'], orderBy: 'occurrence', returnDomByDefault: false },
    formatters: { collectLink, collectBase },
    selectors: [
      { selector: 'a', format: 'collectLink' },
      { selector: 'area', format: 'collectLink' },
      { selector: 'base', format: 'collectBase' },
    ],
    limits: { maxInputLength: undefined },
  });
  return found;
}
