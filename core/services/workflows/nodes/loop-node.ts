import { addUsage, TokenUsage, ZERO_USAGE } from '../../../domain/llm/chat-message';
import { renderTemplate, renderTemplateValue } from '../../../domain/workflow/template';
import { evaluateCondition, isConditionOperator } from '../../../domain/workflow/workflow-condition';
import { WorkflowGraph } from '../../../domain/workflow/workflow-graph';
import { JsonObject, JsonValue } from '../../../shared/json';
import { BODY_SCHEMA, CONDITION_SCHEMA } from './body-schema';
import { numberField, objectField } from './node-config';
import { controlOf, RunInterrupted, usageAsJson } from './node-control';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';

export const MAX_LOOP_ROUNDS = 100;

type LoopProgress = { rounds: number; last: JsonValue; tokens: TokenUsage };

/**
 * Runs its `body` graph round after round: the body's `{{input}}` is `{index, previous, input}`
 * (`previous`: the last round's output, at first the loop's `input`, by default its predecessor's
 * output). It stops after `max_rounds`, or once `until` holds (a condition whose `{{last}}` is the
 * round's output). Output `{rounds, output}`. Each finished round is stored, so a resumed run goes
 * on with the next one.
 */
export const loopNode: NodeType = {
  type: 'loop',
  configSchema: {
    type: 'object',
    required: ['body', 'max_rounds'],
    properties: {
      body: BODY_SCHEMA,
      max_rounds: { type: 'integer', minimum: 1, maximum: MAX_LOOP_ROUNDS },
      until: CONDITION_SCHEMA,
      input: {},
    },
  },
  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const control = controlOf(context);
    const { config, scope } = context;
    const initial = config.input === undefined ? scope.last : renderTemplateValue(config.input, scope);
    const progress = (control.progress as LoopProgress | undefined) ?? { rounds: 0, last: initial, tokens: ZERO_USAGE };
    const maxRounds = numberField(config, 'max_rounds') ?? 1;
    let { rounds, last, tokens } = progress;
    while (rounds < maxRounds) {
      const roundInput = { index: rounds, previous: last, input: initial };
      const result = await control.runGraph(objectField(config, 'body') as unknown as WorkflowGraph, roundInput, { kind: 'body' });
      tokens = addUsage(tokens, result.tokenUsage);
      if (!result.success) throw new NodeFailure(result.error?.code ?? 'workflow.loop_failed', result.error?.message ?? 'A loop round failed', tokens);
      last = result.output;
      rounds += 1;
      if (holds(config.until, { input: roundInput, outputs: scope.outputs, last })) break;
      if (rounds < maxRounds && !(await control.saveProgress({ rounds, last, tokens: usageAsJson(tokens) }))) throw new RunInterrupted();
    }
    return { output: { rounds, output: last }, tokenUsage: tokens };
  },
};

function holds(until: JsonValue | undefined, scope: Parameters<typeof renderTemplate>[1]): boolean {
  if (until === undefined || until === null || typeof until !== 'object' || Array.isArray(until)) return false;
  const condition = until as JsonObject;
  if (!isConditionOperator(condition.operator)) return false;
  const text = (value: JsonValue | undefined) => (typeof value === 'string' ? renderTemplate(value, scope) : '');
  return evaluateCondition(text(condition.left), condition.operator, text(condition.right));
}
