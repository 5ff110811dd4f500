import { WorkflowTemplate } from './workflow-template';

export const ragAnswerTemplate: WorkflowTemplate = {
  id: 'rag-answer',
  name: 'Answer from your knowledge bases',
  description: 'Answers a question only from the passages of your knowledge bases that match it best (the rag_answer tool), citing them by number.',
  category: 'knowledge',
  inputExample: { question: 'What is our refund policy for damaged goods?' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Question', position: { x: 0, y: 0 } },
      {
        id: 'answer',
        type: 'tool',
        label: 'Retrieve and answer',
        config: { tool_id: 'rag_answer', arguments: { question: '{{input.question}}', top_k: 5 } },
        position: { x: 240, y: 0 },
      },
      {
        id: 'end',
        type: 'end',
        label: 'Answer',
        config: { output: '{{nodes.answer.output.answer}}\n\nSources: {{nodes.answer.output.sources}}' },
        position: { x: 480, y: 0 },
      },
    ],
    edges: [
      { source: 'start', target: 'answer' },
      { source: 'answer', target: 'end' },
    ],
  },
};
