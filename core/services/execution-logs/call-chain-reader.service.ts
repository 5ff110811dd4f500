import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Execution } from '../../domain/execution/execution.entity';
import { DomainError } from '../../shared/domain-error';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { ExecutionManager } from '../executions/execution-manager.service';
import { CallChain, CallChainNode } from './execution-log';

/** Bounds of one chain: nested runs are bounded by the calling run's LLM budget, so these are never reached in practice. */
const MAX_DEPTH = 16;
const MAX_NODES = 200;

/**
 * The call chain of an execution: up through the executions that started it (an agent run whose
 * tool ran a workflow…) to the root, and down through every run the root started. Only records the
 * actor may see take part; another user's execution is not found.
 */
@injectable()
export class CallChainReader {
  constructor(
    @inject(ExecutionManager) private readonly manager: Pick<ExecutionManager, 'get'>,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
  ) {}

  async chain(actor: Actor, executionId: string): Promise<CallChain> {
    const asked = await this.manager.get(actor, executionId);
    const path = [asked];
    while (path.length < MAX_DEPTH && path[0].parentExecutionId) {
      const parent = await this.visible(actor, path[0].parentExecutionId);
      if (!parent) break;
      path.unshift(parent);
    }
    const budget = { nodes: MAX_NODES - 1, truncated: path.length >= MAX_DEPTH };
    const root = await this.descend(actor, path[0], 1, budget);
    return { path: path.map((execution) => execution.id), root, truncated: budget.truncated };
  }

  private async visible(actor: Actor, id: string): Promise<Execution | undefined> {
    try {
      return await this.manager.get(actor, id);
    } catch (error) {
      if (error instanceof DomainError && error.reason === 'not_found') return undefined;
      throw error;
    }
  }

  private async descend(actor: Actor, execution: Execution, depth: number, budget: { nodes: number; truncated: boolean }): Promise<CallChainNode> {
    const node: CallChainNode = { execution, children: [] };
    if (depth >= MAX_DEPTH) {
      budget.truncated = true;
      return node;
    }
    const ownerId = actor.role === 'admin' ? undefined : actor.userId;
    const page = await this.executions.list({ parentExecutionId: execution.id, ownerId, page: 1, pageSize: 100 });
    // Oldest first: the order the runs were started in.
    for (const child of [...page.items].reverse()) {
      if (budget.nodes <= 0) {
        budget.truncated = true;
        break;
      }
      budget.nodes -= 1;
      node.children.push(await this.descend(actor, child, depth + 1, budget));
    }
    if (page.total > page.items.length) budget.truncated = true;
    return node;
  }
}
