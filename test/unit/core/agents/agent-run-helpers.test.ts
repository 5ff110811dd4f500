import { agentDefaults } from '../../../../core/domain/agent/agent-defaults';
import { isValidIterationLimit } from '../../../../core/domain/agent/iteration-limit';
import { parseToolArguments } from '../../../../core/services/agents/tool-call-arguments';
import { boundedResult, cutText, toolMessageContent } from '../../../../core/services/agents/tool-reply';

describe('agentDefaults', () => {
  it('When asked, Then it names the configured provider and model, 0.7, 10 iterations, no tools and start → agent → end', () => {
    expect(agentDefaults('openai', 'gpt-4o-mini')).toEqual({
      modelConfig: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.7 },
      iterationLimit: 10,
      includeTools: [],
      workflowConfig: {
        nodes: [
          { id: 'start', type: 'start', label: 'Start' },
          { id: 'agent', type: 'agent', label: 'Agent' },
          { id: 'end', type: 'end', label: 'End' },
        ],
        edges: [
          { source: 'start', target: 'agent' },
          { source: 'agent', target: 'end' },
        ],
      },
    });
  });

  it('When one caller changes its defaults, Then the next caller gets untouched ones', () => {
    const first = agentDefaults('offline', 'offline-1');
    first.includeTools.push('calculator');
    (first.workflowConfig.nodes as unknown[]).length = 0;
    expect(agentDefaults('offline', 'offline-1')).toMatchObject({ includeTools: [], workflowConfig: { nodes: [{}, {}, {}] } });
  });
});

describe('isValidIterationLimit', () => {
  it.each([
    [1, true],
    [50, true],
    [0, false],
    [51, false],
    [2.5, false],
    [Number.NaN, false],
  ])('When the limit is %p, Then validity is %p', (value, expected) => {
    expect(isValidIterationLimit(value)).toBe(expected);
  });
});

describe('parseToolArguments', () => {
  it.each([
    ['{"a":1}', { ok: true, value: { a: 1 } }],
    ['  ', { ok: true, value: {} }],
    ['{"a":', { ok: false, raw: '{"a":' }],
    ['null', { ok: false, raw: 'null' }],
    ['[1]', { ok: false, raw: '[1]' }],
    ['"text"', { ok: false, raw: '"text"' }],
  ])('When the model wrote %p, Then it reads as %p', (raw, expected) => {
    expect(parseToolArguments(raw)).toEqual(expected);
  });
});

describe('tool replies', () => {
  it('When a reply is short, Then it is compact JSON as is', () => {
    expect(toolMessageContent({ success: true, result: { a: [1, 2] } }, 100)).toBe('{"success":true,"result":{"a":[1,2]}}');
  });

  it('When text is cut right after a high surrogate, Then the pair is dropped whole', () => {
    const text = 'a'.repeat(86) + '😀' + 'b'.repeat(50);
    const cut = cutText(text, 100);
    expect(cut).toBe('a'.repeat(86) + ' …[truncated]');
    expect(cut.length).toBeLessThanOrEqual(100);
  });

  it('When a result is small, Then the step keeps the value; when large, its JSON cut to the cap', () => {
    expect(boundedResult({ n: 1 }, 50)).toEqual({ n: 1 });
    const big = boundedResult({ text: 'z'.repeat(500) }, 50);
    expect(typeof big).toBe('string');
    expect(big).toHaveLength(50);
  });
});
