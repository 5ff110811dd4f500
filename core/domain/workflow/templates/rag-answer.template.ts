import { WorkflowTemplate } from './workflow-template';

export const ragAnswerTemplate: WorkflowTemplate = {
  id: 'rag-answer',
  name: 'Answer from your knowledge base',
  description:
    'Retrieves the passages of your knowledge base that best match a question (knowledge_retrieval node) and has the model answer from them alone, citing them by number; with no matching passage it says so instead of guessing.',
  category: 'knowledge',
  inputExample: { question: 'What is our refund policy for damaged goods?', knowledge_base_id: '<the id of one of your knowledge bases>' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Question', position: { x: 0, y: 100 } },
      {
        id: 'retrieve',
        type: 'knowledge_retrieval',
        label: 'Retrieve passages',
        config: { knowledge_base_ids: ['{{input.knowledge_base_id}}'], query: '{{input.question}}', top_k: 5 },
        position: { x: 240, y: 100 },
      },
      {
        id: 'found',
        type: 'condition',
        label: 'Anything found?',
        config: { left: '{{retrieve.output.context}}', operator: 'not_empty' },
        position: { x: 480, y: 100 },
      },
      {
        id: 'draft',
        type: 'llm',
        label: 'Answer from passages',
        config: {
          system:
            'Answer only from the passages the user gives, separated by blank lines. Cite the ones you use by their order: [1] for the first, [2] for the second. If they do not hold the answer, say that you do not know.',
          prompt: 'Passages:\n\n{{retrieve.output.context}}\n\nQuestion: {{input.question}}',
          temperature: 0,
        },
        position: { x: 720, y: 0 },
      },
      { id: 'answer', type: 'answer', label: 'Answer', config: { answer: '{{draft.output}}' }, position: { x: 960, y: 0 } },
      {
        id: 'nothing',
        type: 'answer',
        label: 'Nothing found',
        config: { answer: 'Your knowledge base holds nothing about: {{input.question}}' },
        position: { x: 720, y: 200 },
      },
      { id: 'end', type: 'end', label: 'Answer', position: { x: 1200, y: 100 } },
    ],
    edges: [
      { source: 'start', target: 'retrieve' },
      { source: 'retrieve', target: 'found' },
      { source: 'found', target: 'draft', condition: 'true' },
      { source: 'draft', target: 'answer' },
      { source: 'answer', target: 'end' },
      { source: 'found', target: 'nothing', condition: 'false' },
      { source: 'nothing', target: 'end' },
    ],
  },
};
