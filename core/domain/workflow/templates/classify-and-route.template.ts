import { WorkflowTemplate } from './workflow-template';

export const classifyAndRouteTemplate: WorkflowTemplate = {
  id: 'classify-and-route',
  name: 'Classify and route a support message',
  description:
    'A classifier node labels a customer message as a complaint, a question or other; each label takes its own branch: an apology draft for a person to check, a direct answer, or a short thank-you.',
  category: 'support',
  inputExample: { message: 'My order arrived broken and nobody answers my e-mails.' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Message', position: { x: 0, y: 200 } },
      {
        id: 'classify',
        type: 'classifier',
        label: 'Classify',
        config: {
          input: '{{input.message}}',
          classes: [
            {
              label: 'complaint',
              description: 'The customer is unhappy: something arrived broken, late, wrong or missing, nobody answers, or a refund is wanted.',
            },
            { label: 'question', description: 'The customer asks a question: how to do something, where an order is, what a price or policy is.' },
            { label: 'other', description: 'Thanks, praise, or anything else that needs no answer.' },
          ],
          default_class: 'other',
        },
        position: { x: 240, y: 200 },
      },
      {
        id: 'apology',
        type: 'llm',
        label: 'Draft apology',
        config: { prompt: 'Write a short, sincere reply to this complaint, offering to make it right:\n\n{{input.message}}', temperature: 0.4 },
        position: { x: 480, y: 0 },
      },
      {
        id: 'escalated',
        type: 'end',
        label: 'Escalated',
        config: { output: 'Complaint: a draft reply for a person to check before sending.\n\n{{apology.output}}' },
        position: { x: 720, y: 0 },
      },
      {
        id: 'answer',
        type: 'llm',
        label: 'Answer',
        config: { prompt: 'Answer this customer question helpfully and briefly:\n\n{{input.message}}', temperature: 0.4 },
        position: { x: 480, y: 200 },
      },
      { id: 'answered', type: 'end', label: 'Answered', config: { output: '{{answer.output}}' }, position: { x: 720, y: 200 } },
      {
        id: 'thanks',
        type: 'answer',
        label: 'Thank-you',
        config: { answer: 'Thank you for your message! ({{classify.output.reason}})' },
        position: { x: 480, y: 400 },
      },
      { id: 'acknowledged', type: 'end', label: 'Acknowledged', config: { output: '{{thanks.output.answer}}' }, position: { x: 720, y: 400 } },
    ],
    edges: [
      { source: 'start', target: 'classify' },
      { source: 'classify', target: 'apology', condition: 'complaint' },
      { source: 'apology', target: 'escalated' },
      { source: 'classify', target: 'answer', condition: 'question' },
      { source: 'answer', target: 'answered' },
      { source: 'classify', target: 'thanks', condition: 'other' },
      { source: 'thanks', target: 'acknowledged' },
    ],
  },
};
