import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { WorkflowExport } from '../../domain/workflow/workflow-export';
import { payloadOf, WorkflowPayloadInput } from '../../domain/workflow/workflow-payload';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { CLOCK, Clock } from '../../ports/clock.port';
import { WorkflowLookup } from './workflow-lookup';
import { WorkflowPayloadCheck } from './workflow-payload-check';
import { WorkflowStore } from './workflow-store.service';

/**
 * Moves workflows between installations as files. An import is a create from the file's body
 * fields: ids, owner, version and times in the file are never read, and it is validated whole.
 */
@injectable()
export class WorkflowPorter {
  constructor(
    @inject(WorkflowLookup) private readonly lookup: WorkflowLookup,
    @inject(WorkflowPayloadCheck) private readonly check: WorkflowPayloadCheck,
    @inject(WorkflowStore) private readonly store: WorkflowStore,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async exportWorkflow(actor: Actor, id: string): Promise<WorkflowExport> {
    const workflow = await this.lookup.owned(actor, id);
    return { version: workflow.version, exportedAt: this.clock.now(), payload: payloadOf(workflow) };
  }

  import(actor: Actor, file: WorkflowPayloadInput): Promise<Workflow> {
    return this.store.create(actor, this.check.require(file), 'import');
  }
}
