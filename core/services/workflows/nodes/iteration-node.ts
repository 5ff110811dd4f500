import { addUsage, TokenUsage, ZERO_USAGE } from '../../../domain/llm/chat-message';
import { renderTemplateValue } from '../../../domain/workflow/template';
import { WorkflowGraph } from '../../../domain/workflow/workflow-graph';
import { JsonValue } from '../../../shared/json';
import { BODY_SCHEMA, TEMPLATE_SCHEMA } from './body-schema';
import { numberField, objectField } from './node-config';
import { controlOf, RunInterrupted, usageAsJson } from './node-control';
import { NestedRunResult, NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';

export const MAX_ITERATION_ITEMS = 1000;
export const MAX_ITERATION_CONCURRENCY = 10;

type IterationProgress = { results: { [index: string]: JsonValue }; tokens: TokenUsage };

/**
 * Maps its `body` graph over a list: `items` is one placeholder naming an array
 * (`{{fetch.output.rows}}`); the body's `{{input}}` is `{item, index}`. At most `concurrency`
 * items run at once (1 by default); the output is the body outputs in item order. The first item
 * that fails fails the node once the items in flight have settled. Each finished item is stored,
 * so a resumed run runs only the items not yet done.
 */
export const iterationNode: NodeType = {
  type: 'iteration',
  configSchema: {
    type: 'object',
    required: ['items', 'body'],
    properties: {
      items: TEMPLATE_SCHEMA,
      body: BODY_SCHEMA,
      concurrency: { type: 'integer', minimum: 1, maximum: MAX_ITERATION_CONCURRENCY },
    },
  },
  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const control = controlOf(context);
    const items = renderTemplateValue(context.config.items ?? '', context.scope);
    if (!Array.isArray(items)) throw new NodeFailure('workflow.not_a_list', 'The iteration items must name a list');
    if (items.length > MAX_ITERATION_ITEMS) throw new NodeFailure('workflow.too_many_items', `An iteration runs at most ${MAX_ITERATION_ITEMS} items`);
    const stored = control.progress as IterationProgress | undefined;
    const progress: IterationProgress = { results: { ...stored?.results }, tokens: stored?.tokens ?? ZERO_USAGE };
    const body = objectField(context.config, 'body') as unknown as WorkflowGraph;
    const todo = items.map((_, index) => index).filter((index) => !(String(index) in progress.results));
    let failure: NestedRunResult | undefined;
    let interrupted = false;
    const lane = async (): Promise<void> => {
      for (let index = todo.shift(); index !== undefined && !failure && !interrupted; index = todo.shift()) {
        const result = await control.runGraph(body, { item: items[index], index }, { kind: 'body' });
        progress.tokens = addUsage(progress.tokens, result.tokenUsage);
        if (!result.success) failure ??= result;
        else {
          progress.results[String(index)] = result.output;
          if (todo.length > 0 && !(await control.saveProgress({ results: { ...progress.results }, tokens: usageAsJson(progress.tokens) }))) interrupted = true;
        }
      }
    };
    const lanes = Math.max(1, Math.min(numberField(context.config, 'concurrency') ?? 1, todo.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    if (failure) throw new NodeFailure(failure.error?.code ?? 'workflow.iteration_failed', failure.error?.message ?? 'An item failed', progress.tokens);
    if (interrupted) throw new RunInterrupted();
    return { output: items.map((_, index) => progress.results[String(index)] ?? null), tokenUsage: progress.tokens };
  },
};
