import { inject, injectable } from 'inversify';
import { WorkflowNodeType } from '../../domain/workflow/workflow-graph';
import { ControlNodeTypes } from './nodes/control-node-types';
import { LeafNodeTypes } from './nodes/leaf-node-types';
import { NodeType } from './nodes/node-type';

/** Every node type the engine runs, by its name. */
@injectable()
export class NodeTypes {
  private readonly byType = new Map<WorkflowNodeType, NodeType>();

  constructor(@inject(ControlNodeTypes) control: Pick<ControlNodeTypes, 'all'>, @inject(LeafNodeTypes) leaves: Pick<LeafNodeTypes, 'all'>) {
    for (const nodeType of [...control.all(), ...leaves.all()]) this.byType.set(nodeType.type, nodeType);
  }

  get(type: WorkflowNodeType): NodeType {
    const nodeType = this.byType.get(type);
    if (!nodeType) throw new Error(`No executor for workflow node type "${type}"`);
    return nodeType;
  }

  all(): NodeType[] {
    return [...this.byType.values()];
  }
}
