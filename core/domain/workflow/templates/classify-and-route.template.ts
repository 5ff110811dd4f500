import { WorkflowTemplate } from './workflow-template';

export const classifyAndRouteTemplate: WorkflowTemplate = {
  id: 'classify-and-route',
  name: 'Classify and route a support message',
  description: 'The model labels a customer message as a complaint or not; complaints get an apologetic reply for a human to check, the rest a direct answer.',
  category: 'support',
  inputExample: { message: 'My order arrived broken and nobody answers my e-mails.' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Message', position: { x: 0, y: 100 } },
      {
        id: 'classify',
        type: 'llm',
        label: 'Classify',
        config: {
          system: 'You label customer messages. Answer with one word: complaint or other.',
          prompt: 'Message: {{input.message}}\n\nLabel:',
          temperature: 0,
        },
        position: { x: 240, y: 100 },
      },
      {
        id: 'is_complaint',
        type: 'condition',
        label: 'Complaint?',
        config: { left: '{{nodes.classify.output}}', operator: 'contains', right: 'complaint' },
        position: { x: 480, y: 100 },
      },
      {
        id: 'apology',
        type: 'llm',
        label: 'Draft apology',
        config: { prompt: 'Write a short, sincere reply to this complaint, offering to make it right:\n\n{{input.message}}', temperature: 0.4 },
        position: { x: 720, y: 0 },
      },
      {
        id: 'escalated',
        type: 'end',
        label: 'Escalated',
        config: { output: 'Complaint: a draft reply for a person to check before sending.\n\n{{nodes.apology.output}}' },
        position: { x: 960, y: 0 },
      },
      {
        id: 'answer',
        type: 'llm',
        label: 'Answer',
        config: { prompt: 'Answer this customer message helpfully and briefly:\n\n{{input.message}}', temperature: 0.4 },
        position: { x: 720, y: 200 },
      },
      { id: 'answered', type: 'end', label: 'Answered', config: { output: '{{nodes.answer.output}}' }, position: { x: 960, y: 200 } },
    ],
    edges: [
      { source: 'start', target: 'classify' },
      { source: 'classify', target: 'is_complaint' },
      { source: 'is_complaint', target: 'apology', condition: 'true' },
      { source: 'apology', target: 'escalated' },
      { source: 'is_complaint', target: 'answer', condition: 'false' },
      { source: 'answer', target: 'answered' },
    ],
  },
};
