import { Marked, type Tokens } from 'marked';

interface Input {
  markdown: string;
  gfm?: boolean;
  breaks?: boolean;
}

interface Output {
  html: string;
}

const SAFE_SCHEME = /^(?:https?|mailto|tel):/i;
// Anything before the first `/`, `?` or `#`: a relative URL has neither a scheme (`:`) nor an
// entity (`&`) there, so `java&#x09;script:` and `JaVaScRiPt:` are both refused.
const RELATIVE = /^[^:&/?#]*(?:[/?#]|$)/;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export default function markdownToHtml(input: Input): Output {
  const marked = new Marked({ gfm: input.gfm ?? true, breaks: input.breaks ?? false, async: false });
  marked.use({
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      // `false` falls back to marked's own renderer for safe URLs.
      link(token: Tokens.Link) {
        return isSafeUrl(token.href) ? false : this.parser.parseInline(token.tokens);
      },
      image: (token: Tokens.Image) => (isSafeUrl(token.href) ? false : escapeHtml(token.text)),
    },
  });
  return { html: marked.parse(input.markdown, { async: false }) };
}

function isSafeUrl(href: string): boolean {
  return SAFE_SCHEME.test(href) || RELATIVE.test(href);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}
