import { WorkflowTemplate } from './workflow-template';

/** Strips a page to its title and readable text, in the sandbox (the page is untrusted). */
const PAGE_TO_TEXT = `function main(input) {
  const page = typeof input.body === 'string' ? input.body : JSON.stringify(input.body ?? '');
  const title = (page.match(/<title[^>]*>([^<]*)<\\/title>/i) || [])[1] || '';
  const text = page
    .replace(/<(script|style|noscript|title)[^>]*>[\\s\\S]*?<\\/\\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\\s+/g, ' ')
    .trim();
  return { title: title.trim(), text: text.slice(0, 20000) };
}`;

export const summarizeUrlTemplate: WorkflowTemplate = {
  id: 'summarize-url',
  name: 'Summarise a web page',
  description:
    'Fetches a page with an http node, strips it to its readable text in a code node, and has the model summarise it; a page that cannot be fetched ends with its HTTP status.',
  category: 'web',
  inputExample: { url: 'https://example.com' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'URL', position: { x: 0, y: 100 } },
      {
        id: 'fetch',
        type: 'http',
        label: 'Fetch page',
        config: { method: 'GET', url: '{{input.url}}', headers: { accept: 'text/html, text/plain;q=0.9, */*;q=0.5' }, timeout_ms: 15000 },
        position: { x: 240, y: 100 },
      },
      {
        id: 'fetched',
        type: 'condition',
        label: 'Fetched?',
        config: { left: '{{fetch.output.status}}', operator: 'less_than', right: '400' },
        position: { x: 480, y: 100 },
      },
      {
        id: 'to_text',
        type: 'code',
        label: 'Readable text',
        config: { code: PAGE_TO_TEXT, input: { body: '{{fetch.output.body}}' } },
        position: { x: 720, y: 0 },
      },
      {
        id: 'summary',
        type: 'llm',
        label: 'Summarise',
        config: {
          system: 'You summarise web pages faithfully and briefly.',
          prompt: 'Summarise this page in five bullet points.\n\nTitle: {{to_text.output.title}}\n\n{{to_text.output.text}}',
          temperature: 0.2,
        },
        position: { x: 960, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Summary', config: { output: '{{summary.output}}' }, position: { x: 1200, y: 0 } },
      {
        id: 'unreachable',
        type: 'end',
        label: 'Not fetched',
        config: { output: 'Could not fetch {{input.url}}: HTTP {{fetch.output.status}}' },
        position: { x: 720, y: 200 },
      },
    ],
    edges: [
      { source: 'start', target: 'fetch' },
      { source: 'fetch', target: 'fetched' },
      { source: 'fetched', target: 'to_text', condition: 'true' },
      { source: 'to_text', target: 'summary' },
      { source: 'summary', target: 'end' },
      { source: 'fetched', target: 'unreachable', condition: 'false' },
    ],
  },
};
