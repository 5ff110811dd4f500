/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, ToolError } from 'kernel:api';
import { looksLikeHtml, readMainText, readTitle } from './readable-text';

interface WebFetchInput {
  url: string;
  max_chars?: number;
}

const DEFAULT_MAX_CHARS = 20_000;
const TEXTUAL = /^(text\/|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript|x-ndjson)\b)/i;

export default async function webFetch(input: WebFetchInput) {
  const response = await http.get(input.url, { headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' } });
  const contentType = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const html = looksLikeHtml(contentType, response.body);
  if (!html && contentType !== '' && !TEXTUAL.test(contentType)) {
    throw new ToolError(
      'unsupported_content_type',
      `web_fetch reads HTML and text pages; ${response.url} is ${contentType} (use http_request with response_encoding base64 for binary content)`,
    );
  }
  const title = html ? readTitle(response.body) : '';
  const fullText = html ? readMainText(response.body) : response.body.trim();
  const maxChars = input.max_chars ?? DEFAULT_MAX_CHARS;
  return {
    url: response.url,
    status: response.status,
    content_type: contentType,
    title,
    text: fullText.slice(0, maxChars),
    length: fullText.length,
    truncated: fullText.length > maxChars,
  };
}
