import { inject, injectable } from 'inversify';
import { ExecutionOptions } from '../../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../../domain/execution/execution.errors';
import { stepOutputChars } from '../../../domain/execution/recorded-json';
import { addUsage } from '../../../domain/llm/chat-message';
import { FieldIssue } from '../../../shared/domain-error';
import { JsonValue } from '../../../shared/json';
import { agentMessageOf } from '../agent-input';
import { EXECUTION_SETTINGS, ExecutionSettings } from '../execution-settings';
import { ResolvedTarget } from '../execution-targets';
import { RunOutcome } from '../run-outcome';
import { agentSequence, PlannedAgent } from './agent-plan';
import { agentStepsOf } from './agent-step';
import { AgentStepRunner } from './agent-step-runner.service';
import { argumentPrompt, DebateEntry, judgePrompt } from './debate-prompts';
import { ModeRun, ModeStrategy } from './mode-strategy';
import { targetAgent } from './target-agent';

interface Speaker {
  agent: PlannedAgent;
  name: string;
  side?: 'for' | 'against';
}

/**
 * The distinct agents of the agent's `workflow_config` argue the input for R rounds, each
 * speaker seeing the debate so far; then the agent itself judges and its verdict is the output.
 * A single agent argues both sides, for then against, before judging. Progress is stored after
 * every argument, so a resumed or reclaimed run goes on with the next one.
 */
@injectable()
export class DebateMode implements ModeStrategy {
  readonly mode = 'debate' as const;

  constructor(
    @inject(AgentStepRunner) private readonly agents: AgentStepRunner,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  issues(target: ResolvedTarget, options: ExecutionOptions): FieldIssue[] {
    const { maxRounds, maxAgents } = this.settings.debate;
    const { agents, issues } = agentSequence(targetAgent(target));
    const distinct = new Set(agents.map((agent) => agent.agentId)).size;
    if (distinct > maxAgents) issues.push({ field: 'workflow_config', message: `a debate takes at most ${maxAgents} distinct agents (found ${distinct})` });
    const { rounds } = options;
    if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1 || rounds > maxRounds)) {
      issues.push({ field: 'rounds', message: `must be an integer from 1 to ${maxRounds}` });
    }
    return issues;
  }

  async run(run: ModeRun): Promise<RunOutcome> {
    const agent = targetAgent(run.target);
    const topic = agentMessageOf(run.execution.input);
    const rounds = run.execution.options.rounds ?? this.settings.debate.defaultRounds;
    const speakers = speakersOf(agentSequence(agent).agents);
    const outputChars = stepOutputChars(rounds * speakers.length + 1);
    const done = agentStepsOf(run.execution.steps).filter((step) => step.role === 'argument' && step.status === 'completed');
    const transcript: DebateEntry[] = done.map((step) => ({ round: step.stage ?? 0, speaker: step.label, text: agentMessageOf(step.output) }));
    const steps: JsonValue[] = [...done];
    let tokenUsage = run.execution.tokenUsage;
    const stopped = (): RunOutcome => ({ success: false, output: null, steps, tokenUsage, error: EXECUTION_FAILURES.cancelled });

    for (let turn = done.length; turn < rounds * speakers.length; turn += 1) {
      if (run.control.signal.aborted) return stopped();
      const round = Math.floor(turn / speakers.length) + 1;
      const speaker = speakers[turn % speakers.length];
      const message = argumentPrompt({ topic, round, rounds, speaker: speaker.name, side: speaker.side, transcript });
      const result = await this.agents.run(run, {
        agentId: speaker.agent.agentId,
        message,
        role: 'argument',
        stage: round,
        nodeId: speaker.agent.nodeId,
        label: speaker.name,
        side: speaker.side,
        outputChars,
      });
      steps.push(result.step);
      tokenUsage = addUsage(tokenUsage, result.tokenUsage);
      if (result.step.status === 'failed') return { success: false, output: null, steps, tokenUsage, error: result.step.error };
      transcript.push({ round, speaker: speaker.name, text: result.reply });
      if (!(await run.checkpoint({ output: null, steps, tokenUsage }))) return stopped();
    }

    const verdict = await this.agents.run(run, {
      agentId: agent.id,
      message: judgePrompt(topic, transcript),
      role: 'judge',
      stage: null,
      nodeId: null,
      label: 'Judge',
      outputChars,
    });
    steps.push(verdict.step);
    tokenUsage = addUsage(tokenUsage, verdict.tokenUsage);
    if (verdict.step.status === 'failed') return { success: false, output: null, steps, tokenUsage, error: verdict.step.error };
    return { success: true, output: { reply: verdict.reply, rounds }, steps, tokenUsage, error: null };
  }
}

/** One speaker per distinct agent; a lone agent speaks twice a round, for then against. */
function speakersOf(agents: PlannedAgent[]): Speaker[] {
  const distinct = agents.filter((agent, index) => agents.findIndex((other) => other.agentId === agent.agentId) === index);
  if (distinct.length === 1) {
    const [only] = distinct;
    return [
      { agent: only, name: `${only.label} (for)`, side: 'for' },
      { agent: only, name: `${only.label} (against)`, side: 'against' },
    ];
  }
  return distinct.map((agent) => ({ agent, name: agent.label }));
}
