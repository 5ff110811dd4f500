import { WorkflowTemplate } from './workflow-template';

export const draftReviewReviseTemplate: WorkflowTemplate = {
  id: 'draft-review-revise',
  name: 'Draft, review, revise',
  description: 'The model writes a first draft for a brief, a second pass critiques it against the brief, and a third rewrites it with the critique applied.',
  category: 'writing',
  inputExample: { brief: 'A 120-word announcement of our new API rate limits for developers.' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Brief', position: { x: 0, y: 0 } },
      { id: 'draft', type: 'llm', label: 'Draft', config: { prompt: 'Write: {{input.brief}}', temperature: 0.7 }, position: { x: 240, y: 0 } },
      {
        id: 'review',
        type: 'llm',
        label: 'Review',
        config: {
          system: 'You are a demanding editor.',
          prompt: 'Brief: {{input.brief}}\n\nDraft:\n{{nodes.draft.output}}\n\nList the three most important fixes.',
          temperature: 0.2,
        },
        position: { x: 480, y: 0 },
      },
      {
        id: 'revise',
        type: 'llm',
        label: 'Revise',
        config: {
          prompt: 'Rewrite the draft applying these fixes. Reply with the new text only.\n\nDraft:\n{{nodes.draft.output}}\n\nFixes:\n{{nodes.review.output}}',
          temperature: 0.4,
        },
        position: { x: 720, y: 0 },
      },
      { id: 'end', type: 'end', label: 'Final text', position: { x: 960, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'draft' },
      { source: 'draft', target: 'review' },
      { source: 'review', target: 'revise' },
      { source: 'revise', target: 'end' },
    ],
  },
};
