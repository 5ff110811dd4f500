import { WorkflowTemplate } from './workflow-template';

export const translateTextTemplate: WorkflowTemplate = {
  id: 'translate-text',
  name: 'Translate a text',
  description: 'Translates a text into the language you name with the translate tool, keeping its formatting, placeholders and URLs.',
  category: 'language',
  inputExample: { text: 'Your order has shipped. Track it at https://example.com/t/42.', target_language: 'German' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Text', position: { x: 0, y: 0 } },
      {
        id: 'translate',
        type: 'tool',
        label: 'Translate',
        config: { tool_id: 'translate', arguments: { text: '{{input.text}}', target_language: '{{input.target_language}}' } },
        position: { x: 240, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Translation', config: { output: '{{nodes.translate.output.translation}}' }, position: { x: 480, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'translate' },
      { source: 'translate', target: 'end' },
    ],
  },
};
