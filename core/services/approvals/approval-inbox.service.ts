import { inject, injectable } from 'inversify';
import { Approval } from '../../domain/approval/approval.entity';
import { Execution } from '../../domain/execution/execution.entity';
import { ParkedNode } from '../../domain/workflow/graph-run-state';
import { APPROVAL_REPOSITORY, ApprovalRepository } from '../../ports/approval-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { EXECUTION_RUN_JOB, executionRunPayload } from '../executions/execution-run-job';
import { NodeDecision } from '../workflows/nodes/node-executor';

/**
 * The approvals of parked executions, as the run sees them: opened once the execution is parked,
 * read when it resumes. Whichever of "parked" and "decided" happens second queues the execution
 * again (`paused` → `pending`, one conditional update), so a decision is never lost to the race.
 */
@injectable()
export class ApprovalInbox {
  constructor(
    @inject(APPROVAL_REPOSITORY) private readonly approvals: ApprovalRepository,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Called once the execution is parked at `parked`: its approval, opened now unless it already was (and then perhaps decided). */
  async open(execution: Execution, parked: ParkedNode): Promise<void> {
    const approval: Approval = {
      id: this.ids.uuid(),
      executionId: execution.id,
      nodeId: parked.node_id,
      ownerId: execution.ownerId,
      kind: parked.kind,
      prompt: parked.prompt,
      inputSchema: parked.input_schema,
      status: 'pending',
      decision: null,
      comment: '',
      input: null,
      createdAt: this.clock.now(),
      decidedAt: null,
    };
    if (await this.approvals.create(approval)) return;
    const existing = await this.approvals.findByNode(execution.id, parked.node_id);
    if (existing?.status === 'decided') await this.wake(execution.id);
  }

  /** The answer to a parked node, once someone gave it. */
  async decisionFor(executionId: string, nodeId: string): Promise<(NodeDecision & { nodeId: string }) | undefined> {
    const approval = await this.approvals.findByNode(executionId, nodeId);
    if (approval?.status !== 'decided' || approval.decision === null) return undefined;
    return { nodeId, decision: approval.decision, comment: approval.comment, input: approval.input };
  }

  /** A parked execution goes back to its queue to continue after its decided node; nothing happens unless it is parked. */
  async wake(executionId: string): Promise<void> {
    const moved = await this.executions.transition(executionId, { from: ['paused'], leaseFreeAt: this.clock.now() }, { status: 'pending', lease: null });
    if (!moved) return;
    try {
      await this.queue.publish(EXECUTION_RUN_JOB, executionRunPayload(executionId));
    } catch (error) {
      // Back to paused rather than pending with no job: the decision is kept, and a resume queues it again.
      this.logger.error({ executionId, err: error }, 'decided execution could not be queued');
      await this.executions.transition(executionId, { from: ['pending'] }, { status: 'paused' });
    }
  }
}
