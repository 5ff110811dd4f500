import { inject, injectable } from 'inversify';
import { AgentRunResult } from '../../domain/agent/agent-run';
import { Agent } from '../../domain/agent/agent.entity';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { NewChatMessage } from '../../domain/chat/chat-message.entity';
import { ChatSessionNotFoundError } from '../../domain/chat/chat.errors';
import { ChatMessage } from '../../domain/llm/chat-message';
import { RunStatus } from '../../domain/run/run.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CHAT_SESSION_REPOSITORY, ChatSessionRepository } from '../../ports/chat-session-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { RUN_EVENT_LOG, RunEventLog } from '../../ports/run-event-log.port';
import { canUseAgent } from '../agents/agent-access';
import { AgentRunner } from '../agents/agent-runner.service';
import { AGENT_SETTINGS, AgentSettings } from '../agents/agent-settings';
import { RunLifecycle } from '../runs/run-lifecycle.service';
import { bareAgent, streamlined } from './bare-agent';
import { historyOf } from './chat-history';
import { CHAT_SETTINGS, ChatSettings } from './chat-settings';
import { ChatThrottle } from './chat-throttle.service';
import { ChatInput, ChatTarget, ChatTurn } from './chat-turn';
import { TurnEventRelay } from './turn-event-relay';

interface TurnSession {
  id: string;
  history: ChatMessage[];
  stored: Promise<void>;
}

/** How a turn ended: the run's result, or what it threw. */
export interface ChatTurnOutcome {
  result?: AgentRunResult;
  failure?: unknown;
}

/** The two halves of every chat turn, streamed or not: getting it ready, and running it to its end. */
@injectable()
export class ChatTurns {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(CHAT_SESSION_REPOSITORY) private readonly sessions: ChatSessionRepository,
    @inject(AgentRunner) private readonly runner: AgentRunner,
    @inject(RunLifecycle) private readonly lifecycle: RunLifecycle,
    @inject(RUN_EVENT_LOG) private readonly log: RunEventLog,
    @inject(ChatThrottle) private readonly throttle: ChatThrottle,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(AGENT_SETTINGS) private readonly agentSettings: AgentSettings,
    @inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Counts the turn against the user's rate, then finds the agent (owners use theirs in any status,
   * others only deployed ones: else `AgentNotFoundError`), the session (`ChatSessionNotFoundError`
   * for another user's or another agent's) and its history, or opens a new session, and opens the
   * turn's run. The new records are written while the turn starts: `stored` settles with them.
   */
  async prepare(actor: Actor, target: ChatTarget, input: ChatInput): Promise<ChatTurn> {
    await this.throttle.take(actor);
    const found = await this.agentFor(actor, target);
    const agent = input.streamlined ? streamlined(found) : found;
    const agentId = target.kind === 'agent' ? target.agentId : null;
    const session = input.sessionId === undefined ? this.newSession(actor, agentId) : await this.existingSession(actor, agentId, input.sessionId);
    const run = this.lifecycle.open('chat', actor.userId);
    this.log.begin(run.runId);
    const stored = Promise.all([session.stored, run.stored]).then(() => undefined);
    // Awaited by whoever runs the turn; never left unhandled meanwhile.
    stored.catch(() => undefined);
    return { actor, agent, sessionId: session.id, runId: run.runId, message: input.message, history: session.history, stored };
  }

  /**
   * Runs the turn with its events going to the run's log; then stores the user message and the
   * answer (or the part of it written before a cancellation or failure, so marked), closes the run,
   * and only then logs the terminal event, carrying the session id. Never throws.
   */
  async execute(turn: ChatTurn, signal: AbortSignal): Promise<ChatTurnOutcome> {
    const relay = new TurnEventRelay((event) => this.log.append(turn.runId, event), this.logger, turn.runId);
    const outcome: ChatTurnOutcome = {};
    try {
      outcome.result = await this.runner.run(turn.actor, turn.agent, turn.message, {
        history: turn.history,
        sessionId: turn.sessionId,
        signal,
        events: relay.sink,
      });
    } catch (error) {
      outcome.failure = error;
    }
    const status: Exclude<RunStatus, 'running'> = outcome.result?.success ? 'completed' : signal.aborted ? 'cancelled' : 'failed';
    try {
      await turn.stored;
      await this.sessions.appendMessages(turn.sessionId, this.messagesOf(turn, outcome, status, relay.answerSoFar), this.clock.now());
      await this.lifecycle.close(turn.runId, status);
    } catch (error) {
      this.logger.error({ runId: turn.runId, sessionId: turn.sessionId, error: String(error) }, 'chat turn not stored');
    }
    await relay.finish(turn.sessionId, outcome.failure);
    return outcome;
  }

  private async agentFor(actor: Actor, target: ChatTarget): Promise<Agent> {
    if (target.kind === 'bare') return bareAgent(actor.userId, this.agentSettings, this.clock.now());
    const agent = await this.agents.findById(target.agentId);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(target.agentId);
    return agent;
  }

  private async existingSession(actor: Actor, agentId: string | null, sessionId: string): Promise<TurnSession> {
    const session = await this.sessions.findSession(sessionId);
    if (!session || session.ownerId !== actor.userId || session.agentId !== agentId) throw new ChatSessionNotFoundError(sessionId);
    const recent = await this.sessions.recentMessages(session.id, this.settings.historyMessages);
    return { id: session.id, history: historyOf(recent, this.settings.historyChars), stored: Promise.resolve() };
  }

  /** A session opened for this turn: no history, its record written meanwhile. */
  private newSession(actor: Actor, agentId: string | null): TurnSession {
    const now = this.clock.now();
    const id = this.ids.uuid();
    return { id, history: [], stored: this.sessions.createSession({ id, ownerId: actor.userId, agentId, createdAt: now, updatedAt: now }) };
  }

  private messagesOf(turn: ChatTurn, outcome: ChatTurnOutcome, status: Exclude<RunStatus, 'running'>, answerSoFar: string): NewChatMessage[] {
    const now = this.clock.now();
    const message = (role: 'user' | 'assistant', content: string, extra: Partial<NewChatMessage> = {}): NewChatMessage => ({
      id: this.ids.uuid(),
      role,
      content,
      status: 'complete',
      toolCalls: [],
      runId: turn.runId,
      createdAt: now,
      ...extra,
    });
    const user = message('user', turn.message);
    const toolCalls = outcome.result?.toolCalls ?? [];
    if (status === 'completed') return [user, message('assistant', outcome.result?.output ?? '', { toolCalls })];
    if (!answerSoFar) return [user];
    return [user, message('assistant', answerSoFar, { status: status === 'cancelled' ? 'cancelled' : 'failed', toolCalls })];
  }
}
