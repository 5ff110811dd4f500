import { WorkflowTemplate } from './workflow-template';

export const approvalFlowTemplate: WorkflowTemplate = {
  id: 'approval-flow',
  name: 'Draft, approve, publish',
  description:
    'The model drafts a text from a brief; the run waits for your approval (/approval); approved, the draft is published to your workspace as a Markdown file; rejected, the model revises it with your comment.',
  category: 'productivity',
  inputExample: { brief: 'Announce the spring opening hours of the shop: 9 to 19, Monday to Saturday.', slug: 'spring-hours' },
  graph: {
    nodes: [
      { id: 'start', type: 'start', label: 'Brief', position: { x: 0, y: 100 } },
      {
        id: 'draft',
        type: 'llm',
        label: 'Draft',
        config: {
          system: 'You write clear, friendly announcements.',
          prompt: 'Write a short announcement from this brief:\n\n{{input.brief}}',
          temperature: 0.5,
        },
        position: { x: 240, y: 100 },
      },
      {
        id: 'review',
        type: 'approval',
        label: 'Approve',
        config: { prompt: 'Publish this draft as {{input.slug}}.md?\n\n{{draft.output}}' },
        position: { x: 480, y: 100 },
      },
      {
        id: 'publish',
        type: 'file_write',
        label: 'Publish',
        config: { path: 'published/{{input.slug}}.md', content: '{{draft.output}}\n' },
        position: { x: 720, y: 0 },
      },
      { id: 'published', type: 'end', label: 'Published', config: { output: 'Published to {{publish.output.path}}' }, position: { x: 960, y: 0 } },
      {
        id: 'revise',
        type: 'llm',
        label: 'Revise',
        config: {
          prompt: 'Revise this announcement following the reviewer’s comment.\n\nComment: {{review.output.comment}}\n\nDraft:\n{{draft.output}}',
          temperature: 0.5,
        },
        position: { x: 720, y: 200 },
      },
      { id: 'revised', type: 'end', label: 'Revised draft', config: { output: '{{revise.output}}' }, position: { x: 960, y: 200 } },
    ],
    edges: [
      { source: 'start', target: 'draft' },
      { source: 'draft', target: 'review' },
      { source: 'review', target: 'publish', condition: 'approved' },
      { source: 'publish', target: 'published' },
      { source: 'review', target: 'revise', condition: 'rejected' },
      { source: 'revise', target: 'revised' },
    ],
  },
};
