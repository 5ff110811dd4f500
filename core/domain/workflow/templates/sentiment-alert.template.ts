import { WorkflowTemplate } from './workflow-template';

export const sentimentAlertTemplate: WorkflowTemplate = {
  id: 'sentiment-alert',
  name: 'Alert on negative feedback',
  description: 'Rates the sentiment of a piece of feedback; a negative one puts a notification in your inbox with the text and its score.',
  category: 'support',
  inputExample: { text: 'The new release keeps crashing and I lost an hour of work.', source: 'app store review' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Feedback', position: { x: 0, y: 100 } },
      {
        id: 'rate',
        type: 'tool',
        label: 'Rate sentiment',
        config: { tool_id: 'sentiment', arguments: { text: '{{input.text}}' } },
        position: { x: 240, y: 100 },
      },
      {
        id: 'is_negative',
        type: 'condition',
        label: 'Negative?',
        config: { left: '{{nodes.rate.output.sentiment}}', operator: 'equals', right: 'negative' },
        position: { x: 480, y: 100 },
      },
      {
        id: 'alert',
        type: 'tool',
        label: 'Notify me',
        config: {
          tool_id: 'notify',
          arguments: { title: 'Negative feedback ({{input.source}})', message: '{{input.text}}', data: { score: '{{nodes.rate.output.score}}' } },
        },
        position: { x: 720, y: 0 },
      },
      { id: 'alerted', type: 'end', label: 'Alerted', config: { output: 'negative: notified' }, position: { x: 960, y: 0 } },
      { id: 'fine', type: 'end', label: 'No alert', config: { output: '{{nodes.rate.output.sentiment}}' }, position: { x: 720, y: 200 } },
    ],
    edges: [
      { source: 'start', target: 'rate' },
      { source: 'rate', target: 'is_negative' },
      { source: 'is_negative', target: 'alert', condition: 'true' },
      { source: 'alert', target: 'alerted' },
      { source: 'is_negative', target: 'fine', condition: 'false' },
    ],
  },
};
