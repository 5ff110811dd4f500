import { approvalFlowTemplate } from './approval-flow.template';
import { classifyAndRouteTemplate } from './classify-and-route.template';
import { draftReviewReviseTemplate } from './draft-review-revise.template';
import { extractContactsTemplate } from './extract-contacts.template';
import { extractToJsonTemplate } from './extract-to-json.template';
import { meetingNotesTemplate } from './meeting-notes.template';
import { ragAnswerTemplate } from './rag-answer.template';
import { sentimentAlertTemplate } from './sentiment-alert.template';
import { summarizeUrlTemplate } from './summarize-url.template';
import { translateTextTemplate } from './translate-text.template';
import { WorkflowTemplate } from './workflow-template';

/** The built-in templates, in the order `GET /workflows/templates` lists them. Add one file per template here. */
export const BUILTIN_WORKFLOW_TEMPLATES: ReadonlyArray<WorkflowTemplate> = [
  summarizeUrlTemplate,
  classifyAndRouteTemplate,
  extractToJsonTemplate,
  translateTextTemplate,
  ragAnswerTemplate,
  sentimentAlertTemplate,
  meetingNotesTemplate,
  extractContactsTemplate,
  draftReviewReviseTemplate,
  approvalFlowTemplate,
];
