import { WorkflowTemplate } from './workflow-template';

export const summarizeUrlTemplate: WorkflowTemplate = {
  id: 'summarize-url',
  name: 'Summarise a web page',
  description: 'Fetches a public web page with the web_fetch tool and has the model summarise its readable text.',
  category: 'web',
  inputExample: { url: 'https://example.com' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'URL', position: { x: 0, y: 0 } },
      { id: 'fetch', type: 'tool', label: 'Fetch page', config: { tool_id: 'web_fetch', arguments: { url: '{{input.url}}' } }, position: { x: 240, y: 0 } },
      {
        id: 'summary',
        type: 'llm',
        label: 'Summarise',
        config: {
          system: 'You summarise web pages faithfully and briefly.',
          prompt: 'Summarise this page in five bullet points.\n\nTitle: {{nodes.fetch.output.title}}\n\n{{nodes.fetch.output.text}}',
          temperature: 0.2,
        },
        position: { x: 480, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Summary', config: { output: '{{nodes.summary.output}}' }, position: { x: 720, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'fetch' },
      { source: 'fetch', target: 'summary' },
      { source: 'summary', target: 'end' },
    ],
  },
};
