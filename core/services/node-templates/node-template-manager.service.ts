import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { NodeTemplate } from '../../domain/node-template/node-template.entity';
import { NodeTemplateLimitError, NodeTemplateNotFoundError } from '../../domain/node-template/node-template.errors';
import { nodeTemplateFieldIssues } from '../../domain/node-template/node-template-fields.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { NODE_TEMPLATE_REPOSITORY, NodeTemplateRepository } from '../../ports/node-template-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { JsonValue } from '../../shared/json';
import { NodeConfigChecker } from '../workflows/node-config-checker.service';
import { findOwnNodeTemplate } from './owned-node-template';

/** Templates one user may keep: every per-user store has a quota. */
export const MAX_NODE_TEMPLATES_PER_OWNER = 500;

export interface NodeTemplateDraft {
  name: string;
  description?: string;
  nodeType: string;
  config: JsonValue;
}

/** Any subset of the draft; the config is checked against the node type the template ends up with. */
export type NodeTemplatePatch = Partial<NodeTemplateDraft>;

/** Saves, changes and deletes a user's node templates; every config saved is valid for its node type. */
@injectable()
export class NodeTemplateManager {
  constructor(
    @inject(NODE_TEMPLATE_REPOSITORY) private readonly templates: NodeTemplateRepository,
    @inject(NodeConfigChecker) private readonly checker: Pick<NodeConfigChecker, 'check'>,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(actor: Actor, draft: NodeTemplateDraft): Promise<NodeTemplate> {
    const now = this.clock.now();
    const template = this.checked({ id: this.ids.uuid(), ownerId: actor.userId, createdAt: now, updatedAt: now }, draft);
    if (!(await this.templates.create(template, MAX_NODE_TEMPLATES_PER_OWNER))) throw new NodeTemplateLimitError(MAX_NODE_TEMPLATES_PER_OWNER);
    return template;
  }

  async update(actor: Actor, id: string, patch: NodeTemplatePatch): Promise<NodeTemplate> {
    const current = await findOwnNodeTemplate(this.templates, actor, id);
    const merged: NodeTemplateDraft = {
      name: patch.name ?? current.name,
      description: patch.description ?? current.description,
      nodeType: patch.nodeType ?? current.nodeType,
      config: patch.config ?? current.config,
    };
    const identity = { id: current.id, ownerId: current.ownerId, createdAt: current.createdAt, updatedAt: this.clock.now() };
    const template = this.checked(identity, merged);
    if (!(await this.templates.update(template))) throw new NodeTemplateNotFoundError(id);
    return template;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const current = await findOwnNodeTemplate(this.templates, actor, id);
    if (!(await this.templates.delete(current.id))) throw new NodeTemplateNotFoundError(id);
  }

  private checked(identity: Pick<NodeTemplate, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>, draft: NodeTemplateDraft): NodeTemplate {
    const description = draft.description ?? '';
    const node = this.checker.check(draft.nodeType, draft.config, { type: 'node_type', config: 'config' });
    const issues = node.ok ? nodeTemplateFieldIssues({ name: draft.name, description, config: node.value.config }) : node.error;
    if (!node.ok || issues.length > 0) throw new ValidationError('Invalid node template', issues);
    return { ...identity, name: draft.name.trim(), description, nodeType: node.value.nodeType.type, config: node.value.config };
  }
}
