import { WorkflowTemplate } from './workflow-template';

export const extractToJsonTemplate: WorkflowTemplate = {
  id: 'extract-to-json',
  name: 'Extract fields to JSON',
  description:
    'The model reads a text and writes the fields you name as one JSON object; the json_parse tool turns it into a value (and fails the run on anything that is not JSON).',
  category: 'data',
  inputExample: { text: 'Invoice 2024-117 from Acme Ltd, due 30 June, total 1,250.00 EUR.', fields: 'invoice_number, supplier, due_date, total, currency' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Text and fields', position: { x: 0, y: 0 } },
      {
        id: 'extract',
        type: 'llm',
        label: 'Extract',
        config: {
          system: 'You extract data. Reply with one JSON object and nothing else: no prose, no code fences. Use null for a field the text does not give.',
          prompt: 'Fields: {{input.fields}}\n\nText:\n{{input.text}}',
          temperature: 0,
        },
        position: { x: 240, y: 0 },
      },
      {
        id: 'parse',
        type: 'tool',
        label: 'Parse JSON',
        config: { tool_id: 'json_parse', arguments: { text: '{{nodes.extract.output}}' } },
        position: { x: 480, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Fields', position: { x: 720, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'extract' },
      { source: 'extract', target: 'parse' },
      { source: 'parse', target: 'end' },
    ],
  },
};
