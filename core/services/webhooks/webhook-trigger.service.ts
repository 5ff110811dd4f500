import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Execution } from '../../domain/execution/execution.entity';
import { idempotencyKeyIssue, WebhookDelivery } from '../../domain/webhook/webhook-delivery';
import { WebhookDeliveryInProgressError, WebhookPayloadTooLargeError, WebhookValidationError } from '../../domain/webhook/webhook.errors';
import { WebhookInput, webhookInput, WebhookRequest } from '../../domain/webhook/webhook-request';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { WorkflowNotFoundError } from '../../domain/workflow/workflow.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { TIMERS, Timers } from '../../ports/timers.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { WEBHOOK_DELIVERY_REPOSITORY, WebhookDeliveryRepository } from '../../ports/webhook-delivery-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';
import { utf8Length } from '../../shared/utf8-length';
import { ExecutionLauncher } from '../executions/execution-launcher.service';
import { ExecutionStartThrottle } from '../executions/execution-start-throttle.service';
import { WEBHOOK_SETTINGS, WebhookSettings } from './webhook-settings';

/** By id, or by name: the most recently updated workflow of that name, whoever owns it (decisions.md). */
export type WebhookTarget = { workflowId: string } | { workflowName: string };

export interface AcceptedDelivery {
  execution: Execution;
  /** An earlier delivery with the same `Idempotency-Key` started it: nothing new ran. */
  replayed: boolean;
}

const MAX_ID_CHARS = 36;
const MAX_NAME_CHARS = 200;
/** Rounds of racing other processes for one key before answering 409. */
const MAX_CLAIMS = 3;
/** A claim whose execution is not stored this long after it was made was left by a process that stopped. */
const STALE_CLAIM_MS = 60_000;
/** How long a retried delivery waits for the first one's execution record to appear, in steps. */
const EARLIER_RECORD_POLLS = 10;
const EARLIER_RECORD_POLL_MS = 100;

/**
 * Starts a workflow for a webhook delivery that `WebhookGate` admitted: queued as the workflow's
 * owner (with the owner's rights and execution rate), trigger `webhook`, input `{body, headers,
 * query}` with credential headers removed. With an `Idempotency-Key`, the first delivery claims
 * the key for that workflow in storage and later ones answer its execution instead of running again.
 */
@injectable()
export class WebhookTrigger {
  constructor(
    @inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(WEBHOOK_DELIVERY_REPOSITORY) private readonly deliveries: WebhookDeliveryRepository,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(ExecutionLauncher) private readonly launcher: Pick<ExecutionLauncher, 'enqueue'>,
    @inject(ExecutionStartThrottle) private readonly throttle: Pick<ExecutionStartThrottle, 'take'>,
    @inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TIMERS) private readonly timers: Timers,
  ) {}

  async trigger(target: WebhookTarget, request: WebhookRequest): Promise<AcceptedDelivery> {
    const key = checkedKey(request.idempotencyKey);
    const input = webhookInput(request);
    if (utf8Length(JSON.stringify(input)) > this.settings.maxBodyBytes) throw new WebhookPayloadTooLargeError(this.settings.maxBodyBytes);
    const workflow = await this.workflowOf(target);
    const owner = await this.ownerOf(workflow);
    if (key === undefined) {
      await this.throttle.take(owner);
      return { execution: await this.start(owner, workflow, input, this.ids.uuid()), replayed: false };
    }
    return this.startOnce(owner, workflow, input, key);
  }

  private async startOnce(owner: Actor, workflow: Workflow, input: WebhookInput, key: string): Promise<AcceptedDelivery> {
    let throttled = false;
    for (let round = 0; round < MAX_CLAIMS; round++) {
      const now = this.clock.now();
      const earlier = await this.deliveries.find(workflow.id, key, now);
      if (earlier) {
        const execution = await this.executionOf(earlier);
        if (execution) return { execution, replayed: true };
        if (now.getTime() - earlier.createdAt.getTime() < STALE_CLAIM_MS) throw new WebhookDeliveryInProgressError();
      }
      if (!throttled) await this.throttle.take(owner);
      throttled = true;
      const delivery = this.deliveryOf(workflow, key, now);
      const claimed = earlier ? await this.deliveries.takeOver(earlier.executionId, delivery) : await this.deliveries.claim(delivery, now);
      if (claimed) return { execution: await this.startClaimed(owner, workflow, input, delivery), replayed: false };
    }
    throw new WebhookDeliveryInProgressError();
  }

  /** A claimed key whose execution cannot start is released, so the sender's retry may run. */
  private async startClaimed(owner: Actor, workflow: Workflow, input: WebhookInput, delivery: WebhookDelivery): Promise<Execution> {
    try {
      return await this.start(owner, workflow, input, delivery.executionId);
    } catch (error) {
      await this.deliveries.release(delivery.workflowId, delivery.idempotencyKey, delivery.executionId);
      throw error;
    }
  }

  private start(owner: Actor, workflow: Workflow, input: WebhookInput, executionId: string): Promise<Execution> {
    return this.launcher.enqueue(owner, { type: 'workflow', id: workflow.id }, input, { trigger: 'webhook', executionId });
  }

  /** The earlier delivery's execution; its process may be a moment away from storing it. */
  private async executionOf(earlier: WebhookDelivery): Promise<Execution | undefined> {
    for (let poll = 0; ; poll++) {
      const execution = await this.executions.findById(earlier.executionId);
      if (execution || poll >= EARLIER_RECORD_POLLS) return execution;
      await this.timers.sleep(EARLIER_RECORD_POLL_MS);
    }
  }

  private deliveryOf(workflow: Workflow, key: string, now: Date): WebhookDelivery {
    const expiresAt = new Date(now.getTime() + this.settings.idempotencyTtlMs);
    return { workflowId: workflow.id, idempotencyKey: key, executionId: this.ids.uuid(), createdAt: now, expiresAt };
  }

  private async workflowOf(target: WebhookTarget): Promise<Workflow> {
    const workflow = 'workflowId' in target ? await this.byId(target.workflowId) : await this.byName(target.workflowName);
    if (!workflow) throw new WorkflowNotFoundError('workflowId' in target ? target.workflowId : target.workflowName);
    return workflow;
  }

  private async byId(id: string): Promise<Workflow | undefined> {
    return id.length <= MAX_ID_CHARS ? this.workflows.findById(id) : undefined;
  }

  private async byName(name: string): Promise<Workflow | undefined> {
    return name.length > 0 && name.length <= MAX_NAME_CHARS ? this.workflows.findLatestByName(name) : undefined;
  }

  /** The workflow runs as its owner, with the role the owner has now; a workflow whose owner is gone runs for nobody. */
  private async ownerOf(workflow: Workflow): Promise<Actor> {
    const user = await this.users.findById(workflow.ownerId);
    if (!user) throw new WorkflowNotFoundError(workflow.id);
    return { userId: user.id, role: user.role };
  }
}

function checkedKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  const issue = idempotencyKeyIssue(key);
  if (issue) throw new WebhookValidationError(`Invalid Idempotency-Key header: ${issue.message}`, [issue]);
  return key;
}
