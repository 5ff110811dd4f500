import { CAPABILITY_NAMES } from '../../../../core/domain/tool/tool-descriptor';
import { TOOL_USE_COSTS, toolUseCost } from '../../../../core/domain/tool/tool-use-cost';

describe('Tool use cost', () => {
  it('When a tool declares no capability, Then one use weighs 1, like pure computation', () => {
    expect(toolUseCost([])).toBe(1);
    expect(toolUseCost(['log'])).toBe(1);
  });

  it.each([['http'], ['kv'], ['knowledge'], ['workspace'], ['datasource']] as const)(
    'When a tool reaches the network or stored data through %s, Then one use weighs 2',
    (capability) => {
      expect(toolUseCost([capability])).toBe(2);
    },
  );

  it.each([['llm'], ['notify'], ['platform']] as const)(
    'When a tool can bill a model, send mail or start runs through %s, Then one use weighs 5',
    (capability) => {
      expect(toolUseCost([capability])).toBe(5);
    },
  );

  it('When a tool declares several capabilities, Then it weighs as its costliest one', () => {
    expect(toolUseCost(['knowledge', 'llm'])).toBe(5);
    expect(toolUseCost(['http', 'kv', 'log'])).toBe(2);
  });

  it('Then every capability a manifest may declare has a weight of 1 to 5', () => {
    for (const capability of CAPABILITY_NAMES) expect(TOOL_USE_COSTS[capability]).toBeGreaterThanOrEqual(1);
    expect(Math.max(...Object.values(TOOL_USE_COSTS))).toBe(5);
  });
});
