import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { NodeTemplate } from '../../domain/node-template/node-template.entity';
import { NODE_TEMPLATE_REPOSITORY, NodeTemplateRepository } from '../../ports/node-template-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';
import { findOwnNodeTemplate } from './owned-node-template';

const MAX_NODE_TYPE_CHARS = 64;

/** Reads a user's own node templates. */
@injectable()
export class NodeTemplateCatalog {
  constructor(@inject(NODE_TEMPLATE_REPOSITORY) private readonly templates: NodeTemplateRepository) {}

  async list(actor: Actor, query: { page?: number; pageSize?: number; nodeType?: string }): Promise<Page<NodeTemplate>> {
    const { request, issues } = checkPageRequest(query.page, query.pageSize);
    if (query.nodeType !== undefined && (query.nodeType.length === 0 || query.nodeType.length > MAX_NODE_TYPE_CHARS)) {
      issues.push({ field: 'node_type', message: `must be 1 to ${MAX_NODE_TYPE_CHARS} characters` });
    }
    if (issues.length > 0) throw new ValidationError('Invalid query', issues);
    const slice = await this.templates.list({ ownerId: actor.userId, nodeType: query.nodeType }, offsetOf(request), request.pageSize);
    return { items: slice.items, total: slice.total, page: request.page, pageSize: request.pageSize };
  }

  get(actor: Actor, id: string): Promise<NodeTemplate> {
    return findOwnNodeTemplate(this.templates, actor, id);
  }
}
