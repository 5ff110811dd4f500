import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { BUILTIN_WORKFLOW_TEMPLATES } from '../../domain/workflow/templates/builtin-workflow-templates';
import { WorkflowTemplate } from '../../domain/workflow/templates/workflow-template';
import { WorkflowTemplateNotFoundError } from '../../domain/workflow/workflow-record.errors';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { WorkflowPayloadCheck } from './workflow-payload-check';
import { WorkflowStore } from './workflow-store.service';

/** Overrides a caller may give when creating from a template. */
export interface TemplateCopyInput {
  name?: unknown;
  description?: unknown;
}

/** The built-in workflow templates (a fixed catalogue) and new workflows made from them. */
@injectable()
export class WorkflowTemplates {
  constructor(
    @inject(WorkflowPayloadCheck) private readonly check: WorkflowPayloadCheck,
    @inject(WorkflowStore) private readonly store: WorkflowStore,
  ) {}

  list(): ReadonlyArray<WorkflowTemplate> {
    return BUILTIN_WORKFLOW_TEMPLATES;
  }

  get(id: string): WorkflowTemplate {
    const template = BUILTIN_WORKFLOW_TEMPLATES.find((candidate) => candidate.id === id);
    if (!template) throw new WorkflowTemplateNotFoundError(id);
    return template;
  }

  /** A new workflow of the actor's at version 1 holding the template's graph, under its name unless `input` names it. */
  createFrom(actor: Actor, id: string, input: TemplateCopyInput = {}): Promise<Workflow> {
    const template = this.get(id);
    const payload = this.check.require({
      name: input.name ?? template.name,
      description: input.description ?? template.description,
      nodes: template.graph.nodes,
      edges: template.graph.edges,
    });
    return this.store.create(actor, payload, 'create_from_template');
  }
}
