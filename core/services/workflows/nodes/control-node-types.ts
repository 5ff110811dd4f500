import { injectable } from 'inversify';
import { conditionNode } from './condition-node';
import { endNode } from './end-node';
import { NodeType } from './node-type';
import { startNode } from './start-node';

/** The node types that shape a run's path rather than compute a value. */
@injectable()
export class ControlNodeTypes {
  all(): NodeType[] {
    return [startNode, endNode, conditionNode];
  }
}
