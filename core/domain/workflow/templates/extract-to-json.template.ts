import { WorkflowTemplate } from './workflow-template';

export const extractToJsonTemplate: WorkflowTemplate = {
  id: 'extract-to-json',
  name: 'Extract fields to JSON',
  description:
    'An extractor node reads a text and returns the fields of its JSON Schema as one checked object (here an invoice: number, supplier, total, currency, due date); edit the schema to extract anything else.',
  category: 'data',
  inputExample: { text: 'Invoice 2024-117 from Acme Ltd, due 30 June, total 1250.00 EUR.' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Text', position: { x: 0, y: 0 } },
      {
        id: 'extract',
        type: 'extractor',
        label: 'Extract',
        config: {
          input: '{{input.text}}',
          instructions: 'Copy values as the text writes them; leave out a field the text does not give.',
          schema: {
            type: 'object',
            required: ['invoice_number', 'supplier', 'total'],
            properties: {
              invoice_number: { type: 'string', description: 'The invoice number or reference' },
              supplier: { type: 'string', description: 'Who issued the invoice' },
              total: { type: 'number', description: 'The amount due' },
              currency: { type: 'string', description: 'ISO 4217 code of the amount, e.g. EUR' },
              due_date: { type: 'string', description: 'When it is due, as written' },
            },
          },
        },
        position: { x: 240, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Fields', position: { x: 480, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'extract' },
      { source: 'extract', target: 'end' },
    ],
  },
};
