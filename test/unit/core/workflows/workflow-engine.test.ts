import { AgentRunOptions, AgentRunResult } from '../../../../core/domain/agent/agent-run';
import { Actor } from '../../../../core/domain/auth/actor';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { ToolOutcome } from '../../../../core/domain/tool/tool-outcome';
import { ToolUseRateLimitedError } from '../../../../core/domain/tool/tool.errors';
import { WorkflowGraph } from '../../../../core/domain/workflow/workflow-graph';
import { InvalidWorkflowError } from '../../../../core/domain/workflow/workflow.errors';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../../../core/ports/llm-provider.port';
import { Logger } from '../../../../core/ports/logger.port';
import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { ToolUseContext } from '../../../../core/services/tools/tool-runner.service';
import { NodeConfigChecker } from '../../../../core/services/workflows/node-config-checker.service';
import { NodeTypes } from '../../../../core/services/workflows/node-types.service';
import { ControlNodeTypes } from '../../../../core/services/workflows/nodes/control-node-types';
import { LeafNodeTypes } from '../../../../core/services/workflows/nodes/leaf-node-types';
import { WorkflowEngine } from '../../../../core/services/workflows/workflow-engine.service';
import { leafNodePorts } from '../../../fixtures/workflows/leaf-node-ports.mother';
import { edge, linearGraph, node } from '../../../fixtures/workflows/workflow.mother';
import { AjvJsonSchemaValidator } from '../../../../adapters/validation/ajv-json-schema-validator';
import { WorkflowValidator } from '../../../../core/services/workflows/workflow-validator.service';
import { DEFAULT_WORKFLOW_SETTINGS } from '../../../../core/services/workflows/workflow-settings';
import { InMemoryWorkflowRepository } from '../../../fixtures/workflows/in-memory-workflow-repository';
import { InstantTimers } from '../../../fixtures/workflows/instant-timers';

const actor: Actor = { userId: 'user-1', role: 'user' };
const USAGE = { promptTokens: 1, completionTokens: 2, totalTokens: 3 };

/** Replies `LLM(<prompt>)`, spending the request's budget like a real provider. */
class FakeLlm implements LlmProvider {
  readonly name = 'fake';
  readonly requests: ChatRequest[] = [];
  async chat(request: ChatRequest): Promise<ChatResponse> {
    request.budget?.consume();
    this.requests.push(request);
    const prompt = request.messages[request.messages.length - 1].content;
    return { content: `LLM(${prompt})`, toolCalls: [], usage: USAGE, model: 'fake-1', finishReason: 'stop' };
  }
  // eslint-disable-next-line require-yield
  async *stream(): AsyncIterable<ChatStreamEvent> {
    throw new Error('not used');
  }
}

interface ToolCall {
  id: string;
  args: JsonObject;
  context: ToolUseContext;
}

class FakeTools {
  readonly calls: ToolCall[] = [];
  constructor(private readonly outcome: (id: string, args: JsonObject) => ToolOutcome) {}
  async use(_actor: Actor, id: string, args: JsonObject, context: ToolUseContext = {}): Promise<ToolOutcome> {
    this.calls.push({ id, args, context });
    return this.outcome(id, args);
  }
}

const receipt = { tool_id: 't', version: '1', wall_ms: 1, cpu_ms: 0, heap_bytes: 0, capabilities_used: [], http_calls: 0, outcome: 'success' as const };
const toolSuccess = (result: JsonValue): ToolOutcome => ({ success: true, result, receipt, logs: [] });
const toolFailure = (): ToolOutcome => ({ success: false, error: { code: 'runtime_error', message: 'Division by zero' }, receipt, logs: [] });

function agentResult(overrides: Partial<AgentRunResult> = {}): AgentRunResult {
  return { success: true, output: 'agent says hi', steps: [], toolCalls: [], tokenUsage: USAGE, iterations: 1, llmCalls: 1, ...overrides };
}

function harness(
  options: { tools?: FakeTools; agent?: (message: string, options: AgentRunOptions) => Promise<AgentRunResult>; maxLlmCallsPerRun?: number } = {},
) {
  const llm = new FakeLlm();
  const tools = options.tools ?? new FakeTools((_id, args) => toolSuccess({ echoed: args }));
  const agentCalls: Array<{ agentId: string; message: string; options: AgentRunOptions }> = [];
  const agents = {
    call: async (_actor: Actor, agentId: string, message: string, runOptions: AgentRunOptions = {}) => {
      agentCalls.push({ agentId, message, options: runOptions });
      return options.agent ? options.agent(message, runOptions) : agentResult();
    },
  };
  let tick = Date.parse('2024-01-01T00:00:00.000Z');
  const clock = { now: () => new Date((tick += 5)) };
  const errors: unknown[] = [];
  const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: (fields) => errors.push(fields) };
  const workflows = new InMemoryWorkflowRepository();
  const nodeTypes = new NodeTypes(new ControlNodeTypes(workflows), new LeafNodeTypes(llm, agents, tools, leafNodePorts()));
  const validator = new WorkflowValidator(nodeTypes, new NodeConfigChecker(nodeTypes, new AjvJsonSchemaValidator()), new AjvJsonSchemaValidator());
  const settings = { ...DEFAULT_WORKFLOW_SETTINGS, maxLlmCallsPerRun: options.maxLlmCallsPerRun ?? 50 };
  const timers = new InstantTimers();
  const engine = new WorkflowEngine(nodeTypes, validator, settings, clock, timers, logger);
  return { engine, llm, tools, agentCalls, errors, workflows, timers };
}

function branching(operator = 'contains'): WorkflowGraph {
  return {
    nodes: [
      node('start', 'start'),
      node('check', 'condition', { left: '{{input.subject}}', operator, right: 'urgent' }),
      node('escalate', 'template', { template: 'ESCALATE {{input.subject}}' }),
      node('page', 'template', { template: 'paged after {{last}}' }),
      node('file', 'template', { template: 'FILE {{input.subject}}' }),
      node('join', 'template', { template: 'joined: {{last}}' }),
      node('end', 'end'),
    ],
    edges: [
      edge('start', 'check'),
      edge('check', 'escalate', 'true'),
      edge('escalate', 'page'),
      edge('check', 'file', 'false'),
      edge('page', 'join'),
      edge('file', 'join'),
      edge('join', 'end'),
    ],
  };
}

describe('WorkflowEngine', () => {
  it('When a linear graph runs, Then each node sees the ones before it and the end node gives the output', async () => {
    const { engine, llm } = harness();
    const graph = linearGraph(
      node('ask', 'llm', { prompt: 'Weather in {{input.city}}?', system: 'You are {{input.role}}', temperature: 0.2 }, 'Ask'),
      node('wrap', 'template', { template: '[{{last}}] for {{input.city}}' }),
    );
    const result = await engine.run(actor, graph, { city: 'Oslo', role: 'a forecaster' });

    expect(result).toMatchObject({ success: true, output: '[LLM(Weather in Oslo?)] for Oslo', tokenUsage: USAGE, llmCalls: 1 });
    expect(result.error).toBeUndefined();
    expect(llm.requests[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'You are a forecaster' },
        { role: 'user', content: 'Weather in Oslo?' },
      ],
      temperature: 0.2,
    });
    expect(result.steps.map((s) => [s.node_id, s.status, s.output])).toEqual([
      ['start', 'completed', { city: 'Oslo', role: 'a forecaster' }],
      ['ask', 'completed', 'LLM(Weather in Oslo?)'],
      ['wrap', 'completed', '[LLM(Weather in Oslo?)] for Oslo'],
      ['end', 'completed', '[LLM(Weather in Oslo?)] for Oslo'],
    ]);
    expect(result.steps[1]).toEqual({
      node_id: 'ask',
      type: 'llm',
      label: 'Ask',
      status: 'completed',
      output: 'LLM(Weather in Oslo?)',
      error: null,
      started_at: expect.stringMatching(/^2024-01-01T00:00:00\.\d{3}Z$/),
      finished_at: expect.stringMatching(/^2024-01-01T00:00:00\.\d{3}Z$/),
      duration_ms: 5,
    });
  });

  it('When an end node has an output template, Then the workflow output is that rendering', async () => {
    const { engine } = harness();
    const graph = linearGraph(node('t', 'template', { template: 'x' }));
    graph.nodes[2].config = { output: '{{nodes.t.output}}-{{input}}' };
    expect((await engine.run(actor, graph, 'in')).output).toBe('x-in');
  });

  it('When a condition holds, Then its true branch runs, the false branch is skipped and the join sees the branch that ran', async () => {
    const { engine } = harness();
    const result = await engine.run(actor, branching(), { subject: 'urgent: disk full' });
    // Steps are in settling order: the untaken branch is skipped as soon as the condition settles.
    expect(result.steps.map((s) => [s.node_id, s.status])).toEqual([
      ['start', 'completed'],
      ['check', 'completed'],
      ['file', 'skipped'],
      ['escalate', 'completed'],
      ['page', 'completed'],
      ['join', 'completed'],
      ['end', 'completed'],
    ]);
    expect(result.steps[1].output).toBe(true);
    expect(result.output).toBe('joined: paged after ESCALATE urgent: disk full');
    expect(result.success).toBe(true);
  });

  it('When a condition fails, Then the skip propagates down the untaken branch and the other branch runs', async () => {
    const { engine } = harness();
    const result = await engine.run(actor, branching(), { subject: 'weekly report' });
    const status = Object.fromEntries(result.steps.map((s) => [s.node_id, s.status]));
    expect(status).toEqual({
      start: 'completed',
      check: 'completed',
      escalate: 'skipped',
      page: 'skipped',
      file: 'completed',
      join: 'completed',
      end: 'completed',
    });
    expect(result.steps.find((s) => s.node_id === 'page')).toMatchObject({ output: null, started_at: null, finished_at: null, duration_ms: 0 });
    expect(result.output).toBe('joined: FILE weekly report');
  });

  it('When both branches lead to their own end node, Then only the taken one gives the output', async () => {
    const { engine } = harness();
    const graph: WorkflowGraph = {
      nodes: [
        node('start', 'start'),
        node('check', 'condition', { left: '{{input}}', operator: 'greater_than', right: '10' }),
        node('big', 'end', { output: 'big {{input}}' }),
        node('small', 'end', { output: 'small {{input}}' }),
      ],
      edges: [edge('start', 'check'), edge('check', 'big', 'true'), edge('check', 'small', 'false')],
    };
    expect((await engine.run(actor, graph, 42)).output).toBe('big 42');
    expect((await engine.run(actor, graph, 7)).output).toBe('small 7');
  });

  it('When a join has several taken predecessors, Then {{last}} is the one that finished last', async () => {
    const { engine } = harness();
    const graph: WorkflowGraph = {
      nodes: [node('start', 'start'), node('a', 'template', { template: 'A' }), node('b', 'template', { template: 'B' }), node('end', 'end')],
      edges: [edge('start', 'a'), edge('start', 'b'), edge('a', 'end'), edge('b', 'end')],
    };
    expect((await engine.run(actor, graph, null)).output).toBe('B');
  });

  it('When a tool node fails, Then the run fails there and every later node is skipped', async () => {
    const tools = new FakeTools(() => toolFailure());
    const { engine, llm } = harness({ tools });
    const graph = linearGraph(node('calc', 'tool', { tool_id: 'calculator', arguments: { expression: '1/0' } }), node('after', 'llm', { prompt: 'never' }));
    const result = await engine.run(actor, graph, null);

    expect(result).toMatchObject({ success: false, output: null, error: { code: 'tool.runtime_error', message: 'Division by zero' } });
    expect(result.steps.map((s) => [s.node_id, s.status])).toEqual([
      ['start', 'completed'],
      ['calc', 'failed'],
      ['after', 'skipped'],
      ['end', 'skipped'],
    ]);
    expect(result.steps[1].error).toEqual({ code: 'tool.runtime_error', message: 'Division by zero' });
    expect(llm.requests).toHaveLength(0);
  });

  it('When a failing tool has continue_on_error, Then the step records the error, its output is null and the run goes on', async () => {
    const tools = new FakeTools(() => toolFailure());
    const { engine } = harness({ tools });
    const graph = linearGraph(
      node('calc', 'tool', { tool_id: 'calculator', arguments: {}, continue_on_error: true }),
      node('after', 'template', { template: 'got [{{nodes.calc.output}}]' }),
    );
    const result = await engine.run(actor, graph, null);
    expect(result).toMatchObject({ success: true, output: 'got []' });
    expect(result.steps[1]).toMatchObject({ status: 'completed', output: null, error: { code: 'tool.runtime_error', message: 'Division by zero' } });
  });

  it('When the user’s tool-use rate is spent at a tool node with continue_on_error, Then the step records tool.rate_limited and the run goes on', async () => {
    const tools = new FakeTools(() => {
      throw new ToolUseRateLimitedError(120, 42);
    });
    const { engine } = harness({ tools });
    const graph = linearGraph(
      node('calc', 'tool', { tool_id: 'calculator', arguments: {}, continue_on_error: true }),
      node('after', 'template', { template: 'went on' }),
    );
    const result = await engine.run(actor, graph, null);
    expect(result).toMatchObject({ success: true, output: 'went on' });
    expect(result.steps[1]).toMatchObject({
      status: 'completed',
      output: null,
      error: { code: 'tool.rate_limited', message: expect.stringMatching(/120 tool uses per minute/) },
    });
  });

  it('When a tool node runs, Then its arguments are rendered with JSON types kept and its result is the output', async () => {
    const tools = new FakeTools((_id, args) => toolSuccess({ result: Number(args.a) + Number(args.b) }));
    const { engine } = harness({ tools });
    const graph = linearGraph(node('add', 'tool', { tool_id: 'adder', arguments: { a: '{{input.a}}', b: '{{input.b}}', note: 'sum of {{input.a}}' } }));
    const result = await engine.run(actor, graph, { a: 2, b: 3 });
    expect(tools.calls[0]).toMatchObject({ id: 'adder', args: { a: 2, b: 3, note: 'sum of 2' } });
    expect(result.output).toEqual({ result: 5 });
  });

  it('When a tool node runs in an execution, Then the tool use carries the execution and the owner for its record', async () => {
    const { engine, tools } = harness();
    await engine.run(actor, linearGraph(node('t', 'tool', { tool_id: 'echo' })), null, { trace: { executionId: 'exec-1' } });
    await engine.run(actor, linearGraph(node('t', 'tool', { tool_id: 'echo' })), null);
    expect(tools.calls.map((c) => c.context.trace)).toEqual([{ executionId: 'exec-1', ownerId: actor.userId }, { ownerId: actor.userId }]);
  });

  it('When an agent node runs, Then it gets the rendered input (default: the predecessor) and its reply is the output', async () => {
    const { engine, agentCalls } = harness();
    const graph = linearGraph(node('helper', 'agent', { agent_id: 'agent-7' }), node('second', 'agent', { agent_id: 'agent-8', input: 'Check: {{last}}' }));
    const result = await engine.run(actor, graph, 'the question');
    expect(agentCalls.map((c) => [c.agentId, c.message])).toEqual([
      ['agent-7', 'the question'],
      ['agent-8', 'Check: agent says hi'],
    ]);
    expect(result).toMatchObject({ success: true, output: 'agent says hi', tokenUsage: { promptTokens: 2, completionTokens: 4, totalTokens: 6 } });
  });

  it('When an agent run fails, Then the node fails with the run error and its tokens still count', async () => {
    const failedRun = agentResult({ success: false, output: '', error: { code: 'agent.iteration_limit', message: 'Too many iterations' } });
    const { engine } = harness({ agent: async () => failedRun });
    const result = await engine.run(actor, linearGraph(node('helper', 'agent', { agent_id: 'a' })), 'q');
    expect(result).toMatchObject({ success: false, error: { code: 'agent.iteration_limit', message: 'Too many iterations' }, tokenUsage: USAGE });
  });

  it('When a budget is given, Then llm, agent and tool nodes all spend from it, and the run fails once it is used up', async () => {
    const { engine, agentCalls, tools } = harness({ agent: async (_m, options) => (options.budget?.consume(), agentResult()) });
    const budget = new LlmCallBudget(3);
    const graph = linearGraph(
      node('one', 'llm', { prompt: '1' }),
      node('helper', 'agent', { agent_id: 'a' }),
      node('calc', 'tool', { tool_id: 'calculator' }),
      node('two', 'llm', { prompt: '2' }),
      node('three', 'llm', { prompt: '3' }),
    );
    const result = await engine.run(actor, graph, null, { budget });

    expect(agentCalls[0].options.budget).toBe(budget);
    expect((tools as FakeTools).calls[0].context.budget).toBe(budget);
    expect(result).toMatchObject({ success: false, llmCalls: 3, error: { code: 'llm.budget_exceeded' } });
    expect(result.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed', 'failed', 'skipped']);
    expect(budget.calls).toBe(3);
  });

  it('When no budget is given, Then the run gets a new one of maxLlmCallsPerRun', async () => {
    const { engine } = harness({ maxLlmCallsPerRun: 1 });
    const graph = linearGraph(node('one', 'llm', { prompt: '1' }), node('two', 'llm', { prompt: '2' }));
    const first = await engine.run(actor, graph, null);
    expect(first).toMatchObject({ success: false, llmCalls: 1, error: { code: 'llm.budget_exceeded' } });
    expect(first.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'failed', 'skipped']);
    // A second run starts from zero again (behaviour rule 4).
    expect((await engine.run(actor, linearGraph(node('one', 'llm', { prompt: '1' })), null)).success).toBe(true);
  });

  it('When the signal is aborted, Then the node in progress fails as cancelled and the rest are skipped', async () => {
    const controller = new AbortController();
    const { engine } = harness({
      agent: async () => {
        controller.abort();
        throw new Error('aborted');
      },
    });
    const graph = linearGraph(node('helper', 'agent', { agent_id: 'a' }), node('after', 'template', { template: 'x' }));
    const result = await engine.run(actor, graph, null, { signal: controller.signal });
    expect(result).toMatchObject({ success: false, error: { code: 'workflow.cancelled' } });
    expect(result.steps.map((s) => s.status)).toEqual(['completed', 'failed', 'skipped', 'skipped']);

    const already = await engine.run(actor, graph, null, { signal: controller.signal });
    expect(already.steps.map((s) => s.status)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    expect(already.error?.code).toBe('workflow.cancelled');
  });

  it('When a node throws an unexpected error, Then the step shows a generic message and the error is logged', async () => {
    const { engine, errors } = harness({ agent: async () => Promise.reject(new Error('ECONNRESET at 10.0.0.5:5432 password=hunter2')) });
    const result = await engine.run(actor, linearGraph(node('helper', 'agent', { agent_id: 'a' })), null);
    expect(result.error).toEqual({ code: 'workflow.node_error', message: 'The node failed unexpectedly' });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(errors).toHaveLength(1);
  });

  it('When a node produces a huge output, Then its step keeps a bounded copy while later nodes and the result get it whole', async () => {
    const { engine } = harness();
    const huge = 'x'.repeat(100_000);
    const result = await engine.run(actor, linearGraph(node('copy', 'template', { template: '{{input}}' })), huge);
    expect(result.output).toBe(huge);
    const recorded = result.steps[1].output as string;
    expect(recorded).toHaveLength(64_000);
    expect(recorded.endsWith(' …[truncated]')).toBe(true);
    expect(recorded.startsWith('"xxx')).toBe(true);
  });

  it('When the graph is invalid, Then the run is refused before any node runs', async () => {
    const { engine, llm } = harness();
    const graph = linearGraph(node('ask', 'llm', { prompt: 'x' }));
    graph.edges.push(edge('ask', 'start'));
    await expect(engine.run(actor, graph, null)).rejects.toBeInstanceOf(InvalidWorkflowError);
    expect(llm.requests).toHaveLength(0);
  });
});
