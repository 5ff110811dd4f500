import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { RunEventData } from '../../domain/run/run-event';
import { LOGGER, Logger } from '../../ports/logger.port';
import { RUN_EVENT_LOG, RunEventFollow, RunEventLog } from '../../ports/run-event-log.port';
import { runFailureEvent } from '../agents/run-failure-event';
import { RunLifecycle } from '../runs/run-lifecycle.service';
import { SwarmRequest } from './swarm-request';
import { PreparedSwarm, SwarmRunner } from './swarm-runner.service';

export interface StartedSwarm {
  /** The stream id: the run's events can be resumed with it. */
  runId: string;
  events: RunEventFollow;
}

/**
 * A streamed swarm (`POST /swarm/run/stream`): a run of kind `swarm` whose log receives the
 * coordinator's events, the members' (with their `agentId`), and one `done` or `error` once the
 * swarm ends. Aborting `signal` (the client went away) cancels every model and tool call.
 */
@injectable()
export class SwarmStreamer {
  constructor(
    @inject(SwarmRunner) private readonly runner: SwarmRunner,
    @inject(RunLifecycle) private readonly lifecycle: RunLifecycle,
    @inject(RUN_EVENT_LOG) private readonly log: RunEventLog,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Refusals (422, 429, 404) are thrown before anything is streamed; the swarm goes on after this returns. */
  async stream(actor: Actor, request: SwarmRequest, signal: AbortSignal): Promise<StartedSwarm> {
    const swarm = await this.runner.prepare(actor, request);
    const run = this.lifecycle.open('swarm', actor.userId);
    this.log.begin(run.runId);
    await run.stored;
    const events = this.log.follow(run.runId, 0, signal);
    // Followed before it starts, so the first token goes straight to the client.
    await events.ready.catch(() => undefined);
    void this.execute(swarm, run.runId, signal);
    return { runId: run.runId, events };
  }

  private async execute(swarm: PreparedSwarm, runId: string, signal: AbortSignal): Promise<void> {
    const append = async (event: RunEventData): Promise<void> => {
      try {
        await this.log.append(runId, event);
      } catch (error) {
        this.logger.error({ runId, type: event.type, error: String(error) }, 'run event not logged');
      }
    };
    let terminal: RunEventData;
    try {
      const result = await this.runner.execute(swarm, signal, append);
      terminal = { type: 'done', tokenUsage: result.tokenUsage };
    } catch (error) {
      terminal = runFailureEvent(error);
    }
    try {
      await this.lifecycle.close(runId, terminal.type === 'done' ? 'completed' : signal.aborted ? 'cancelled' : 'failed');
    } catch (error) {
      this.logger.error({ runId, error: String(error) }, 'swarm run not closed');
    }
    await append(terminal);
  }
}
