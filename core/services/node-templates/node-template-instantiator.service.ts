import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { WorkflowNode } from '../../domain/workflow/workflow-graph';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { NODE_TEMPLATE_REPOSITORY, NodeTemplateRepository } from '../../ports/node-template-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { NodeConfigChecker } from '../workflows/node-config-checker.service';
import { findOwnNodeTemplate } from './owned-node-template';

/** What workflow graphs accept as a node id (it appears in `{{nodes.<id>.output}}`). */
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Turns a saved template into a workflow node ready to put in a graph: a fresh id (or the one
 * asked for), the template's type, a copy of its config and its name as the label. The config
 * is checked again, against the node type as it is now: a type may have changed since the save.
 */
@injectable()
export class NodeTemplateInstantiator {
  constructor(
    @inject(NODE_TEMPLATE_REPOSITORY) private readonly templates: NodeTemplateRepository,
    @inject(NodeConfigChecker) private readonly checker: Pick<NodeConfigChecker, 'check'>,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async instantiate(actor: Actor, id: string, nodeId?: string): Promise<WorkflowNode> {
    if (nodeId !== undefined && !NODE_ID.test(nodeId)) {
      throw new ValidationError('Invalid node id', [{ field: 'node_id', message: 'must be 1 to 64 letters, digits, "_" or "-"' }]);
    }
    const template = await findOwnNodeTemplate(this.templates, actor, id);
    const node = this.checker.check(template.nodeType, template.config, { type: 'node_type', config: 'config' });
    if (!node.ok) throw new ValidationError('The template no longer fits its node type; update it first', node.error);
    const config = structuredClone(node.value.config);
    return { id: nodeId ?? `${template.nodeType}_${this.ids.uuid().slice(0, 8)}`, type: template.nodeType, label: template.name, config };
  }
}
