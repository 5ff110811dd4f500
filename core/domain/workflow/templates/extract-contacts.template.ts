import { WorkflowTemplate } from './workflow-template';

export const extractContactsTemplate: WorkflowTemplate = {
  id: 'extract-contacts',
  name: 'Pull contacts out of a text',
  description: 'Finds the people, organisations, e-mail addresses and phone numbers in a text (extract_entities tool), exactly as written.',
  category: 'data',
  inputExample: { text: 'Call Maria Lopez at Initech on +44 20 7946 0958 or write to maria@initech.example.' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Text', position: { x: 0, y: 0 } },
      {
        id: 'entities',
        type: 'tool',
        label: 'Extract',
        config: { tool_id: 'extract_entities', arguments: { text: '{{input.text}}', types: ['people', 'organizations', 'emails', 'phone_numbers'] } },
        position: { x: 240, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Contacts', config: { output: '{{nodes.entities.output.entities}}' }, position: { x: 480, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'entities' },
      { source: 'entities', target: 'end' },
    ],
  },
};
