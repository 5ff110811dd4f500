import { randomUUID } from 'node:crypto';
import { CryptoIdGenerator } from '../../../adapters/system/crypto-id-generator';
import { Actor } from '../../../core/domain/auth/actor';
import { Execution } from '../../../core/domain/execution/execution.entity';
import { WebhookRequest } from '../../../core/domain/webhook/webhook-request';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { Timers } from '../../../core/ports/timers.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { WEBHOOK_DELIVERY_REPOSITORY, WebhookDeliveryRepository } from '../../../core/ports/webhook-delivery-repository.port';
import { WORKFLOW_REPOSITORY } from '../../../core/ports/workflow-repository.port';
import { EnqueueOptions } from '../../../core/services/executions/execution-launcher.service';
import { ExecutionTarget } from '../../../core/services/executions/execution-targets';
import { WebhookTrigger } from '../../../core/services/webhooks/webhook-trigger.service';
import { DomainError } from '../../../core/shared/domain-error';
import { NotFoundError } from '../../../core/shared/common.errors';
import { JsonValue } from '../../../core/shared/json';
import { MutableClock } from '../../fixtures/schedules/schedule-test-bed';
import { aUser } from '../../fixtures/users/user.mother';
import { aWorkflow } from '../../fixtures/workflows/workflow.mother';
import { createTestStorage, TestStorage } from '../../support/test-database';

/** Stores the pending record the real launcher would, under the id it is given; can be told to fail once. */
class StoringLauncher {
  readonly started: string[] = [];
  failNext: Error | undefined;

  constructor(private readonly executions: ExecutionRepository) {}

  async enqueue(actor: Actor, target: ExecutionTarget, input: JsonValue, options: EnqueueOptions): Promise<Execution> {
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = undefined;
      throw error;
    }
    const now = new Date();
    const execution: Execution = {
      id: options.executionId ?? randomUUID(),
      ownerId: actor.userId,
      targetType: target.type,
      targetId: target.id,
      targetVersion: 1,
      mode: 'graph',
      options: {},
      trigger: options.trigger,
      scheduleId: null,
      parentExecutionId: null,
      status: 'pending',
      success: null,
      input,
      output: null,
      steps: [],
      tokenUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      llmCalls: 0,
      error: null,
      attempt: 0,
      lease: null,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
    };
    await this.executions.create(execution);
    this.started.push(execution.id);
    return execution;
  }
}

const immediately: Timers = { every: () => ({ stop: async () => undefined }), sleep: async () => undefined };
const NOW = '2030-04-01T12:00:00.000Z';

let storage: TestStorage;
let deliveries: WebhookDeliveryRepository;
let launcher: StoringLauncher;
let clock: MutableClock;
let trigger: WebhookTrigger;
let workflowId: string;

const delivery = (key: string): WebhookRequest => ({ token: 't', authorization: undefined, headers: {}, query: {}, body: { n: 1 }, idempotencyKey: key });

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  deliveries = storage.get(WEBHOOK_DELIVERY_REPOSITORY);
  const owner = aUser();
  await storage.get(USER_REPOSITORY).create(owner);
  const workflow = aWorkflow({ ownerId: owner.id });
  await storage.get(WORKFLOW_REPOSITORY).create(workflow);
  workflowId = workflow.id;
});
afterAll(async () => {
  await storage?.destroy();
});
beforeEach(() => {
  clock = new MutableClock(new Date(NOW));
  launcher = new StoringLauncher(storage.get(EXECUTION_REPOSITORY));
  trigger = new WebhookTrigger(
    storage.get(WORKFLOW_REPOSITORY),
    storage.get(USER_REPOSITORY),
    deliveries,
    storage.get(EXECUTION_REPOSITORY),
    launcher,
    { take: async () => undefined },
    { token: 't', maxBodyBytes: 10_000, idempotencyTtlMs: 86_400_000 },
    new CryptoIdGenerator(),
    clock,
    immediately,
  );
});

/** A key claimed by a process that never stored the execution (it stopped in between), `ageMs` ago. */
async function anOrphanedClaim(key: string, ageMs: number): Promise<string> {
  const executionId = randomUUID();
  const createdAt = new Date(Date.parse(NOW) - ageMs);
  await deliveries.claim({ workflowId, idempotencyKey: key, executionId, createdAt, expiresAt: new Date(createdAt.getTime() + 86_400_000) }, createdAt);
  return executionId;
}

describe('WebhookTrigger with an Idempotency-Key', () => {
  it('When the key’s claim is a minute old and its execution never came, Then this delivery takes it over and runs', async () => {
    const orphan = await anOrphanedClaim('orphaned-1', 61_000);
    const accepted = await trigger.trigger({ workflowId }, delivery('orphaned-1'));
    expect(accepted.replayed).toBe(false);
    expect(launcher.started).toEqual([accepted.execution.id]);
    expect(accepted.execution.id).not.toBe(orphan);
    expect((await deliveries.find(workflowId, 'orphaned-1', clock.now()))?.executionId).toBe(accepted.execution.id);
  });

  it('When the key was claimed a moment ago and its execution is not stored yet, Then 409 webhook.conflict and nothing runs', async () => {
    await anOrphanedClaim('in-flight-1', 1_000);
    expect((await errorOf(trigger.trigger({ workflowId }, delivery('in-flight-1')))).code).toBe('webhook.conflict');
    expect(launcher.started).toEqual([]);
  });

  it('When the run cannot start, Then the key is released and the retried delivery runs', async () => {
    launcher.failNext = new NotFoundError('workflow');
    expect((await errorOf(trigger.trigger({ workflowId }, delivery('retry-1')))).code).toBe('workflow.not_found');
    expect(await deliveries.find(workflowId, 'retry-1', clock.now())).toBeUndefined();
    const retried = await trigger.trigger({ workflowId }, delivery('retry-1'));
    expect(retried.replayed).toBe(false);
    expect((await trigger.trigger({ workflowId }, delivery('retry-1'))).execution.id).toBe(retried.execution.id);
  });

  it('When the key has expired, Then the delivery runs again', async () => {
    const first = await trigger.trigger({ workflowId }, delivery('expiring-1'));
    clock.set('2030-04-02T12:00:00.001Z');
    const later = await trigger.trigger({ workflowId }, delivery('expiring-1'));
    expect(later.replayed).toBe(false);
    expect(later.execution.id).not.toBe(first.execution.id);
  });
});
