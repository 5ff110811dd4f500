import { WorkflowTemplate } from './workflow-template';

export const meetingNotesTemplate: WorkflowTemplate = {
  id: 'meeting-notes',
  name: 'Meeting notes: summary and actions',
  description:
    'Summarises a meeting transcript as bullet points (summarize tool), has the model list the action items with owners, and formats both as one Markdown note.',
  category: 'productivity',
  inputExample: { title: 'Weekly sync', transcript: 'Ana: the beta ships Friday. Ben: I will update the docs by Thursday.' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Transcript', position: { x: 0, y: 0 } },
      {
        id: 'summary',
        type: 'tool',
        label: 'Summarise',
        config: { tool_id: 'summarize', arguments: { text: '{{input.transcript}}', style: 'bullets', length: 'short' } },
        position: { x: 240, y: 0 },
      },
      {
        id: 'actions',
        type: 'llm',
        label: 'Action items',
        config: {
          prompt: 'List every action item in this transcript as "- owner: task (due date if said)". Say "None" if there are none.\n\n{{input.transcript}}',
          temperature: 0,
        },
        position: { x: 480, y: 0 },
      },
      {
        id: 'note',
        type: 'template',
        label: 'Format note',
        config: { template: '# {{input.title}}\n\n## Summary\n{{nodes.summary.output.summary}}\n\n## Action items\n{{nodes.actions.output}}' },
        position: { x: 720, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Note', position: { x: 960, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'summary' },
      { source: 'summary', target: 'actions' },
      { source: 'actions', target: 'note' },
      { source: 'note', target: 'end' },
    ],
  },
};
