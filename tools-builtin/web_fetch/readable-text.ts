/**
 * HTML page → readable text with the bundled html-to-text: the title, and the text of the main
 * content (article, main, role=main, else body) without navigation, chrome, scripts or forms.
 */
import { convert, HtmlToTextOptions, SelectorDefinition } from 'html-to-text';

/** Content candidates, most specific first; the first one with enough text wins. */
const MAIN_CANDIDATES: Array<{ selector: string; present: RegExp }> = [
  { selector: 'article', present: /<article[\s>]/i },
  { selector: 'main', present: /<main[\s>]/i },
  { selector: '[role=main]', present: /role\s*=\s*["']?main\b/i },
  { selector: 'body', present: /<body[\s>]/i },
];
const ENOUGH_TEXT = 200;

const NOISE = [
  'nav',
  'header',
  'footer',
  'aside',
  'script',
  'style',
  'noscript',
  'form',
  'svg',
  'iframe',
  'button',
  'template',
  'select',
  'dialog',
  'img',
  '[hidden]',
  '[aria-hidden=true]',
];

const TEXT_SELECTORS: SelectorDefinition[] = [
  ...NOISE.map((selector) => ({ selector, format: 'skip' })),
  { selector: 'a', options: { ignoreHref: true } },
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  { selector: 'ul', options: { itemPrefix: ' - ' } },
];

function textOf(html: string, selectors: string[], extra: SelectorDefinition[] = TEXT_SELECTORS): string {
  const options: HtmlToTextOptions = {
    wordwrap: false,
    baseElements: { selectors, returnDomByDefault: false },
    selectors: extra,
    limits: { maxInputLength: undefined },
  };
  return convert(html, options)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function readTitle(html: string): string {
  return textOf(html, ['title'], []).replace(/\s+/g, ' ');
}

export function readMainText(html: string): string {
  let longest = '';
  for (const candidate of MAIN_CANDIDATES) {
    if (!candidate.present.test(html)) continue;
    const text = textOf(html, [candidate.selector]);
    if (text.length >= ENOUGH_TEXT) return text;
    if (text.length > longest.length) longest = text;
  }
  // A fragment without <body> (or a page whose candidates are all short): take the whole document.
  return longest || textOf(html, ['html', 'body']) || convert(html, { wordwrap: false, selectors: TEXT_SELECTORS }).trim();
}

export function looksLikeHtml(contentType: string, body: string): boolean {
  if (/html|xhtml/i.test(contentType)) return true;
  return contentType === '' && /^\s*(<!doctype html|<html[\s>])/i.test(body);
}
