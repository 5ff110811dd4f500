import { inject, injectable } from 'inversify';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../ports/workflow-repository.port';
import { approvalNode } from './approval-node';
import { conditionNode } from './condition-node';
import { endNode } from './end-node';
import { humanInputNode } from './human-input-node';
import { iterationNode } from './iteration-node';
import { loopNode } from './loop-node';
import { mergeNode } from './merge-node';
import { NodeType } from './node-type';
import { parallelNode } from './parallel-node';
import { startNode } from './start-node';
import { SubWorkflowNode } from './sub-workflow-node';

/** The node types that shape a run's path rather than compute a value. */
@injectable()
export class ControlNodeTypes {
  private readonly types: NodeType[];

  constructor(@inject(WORKFLOW_REPOSITORY) workflows: Pick<WorkflowRepository, 'findById'>) {
    this.types = [
      startNode,
      endNode,
      conditionNode,
      loopNode,
      iterationNode,
      parallelNode,
      mergeNode,
      new SubWorkflowNode(workflows),
      approvalNode,
      humanInputNode,
    ];
  }

  all(): NodeType[] {
    return this.types;
  }
}
