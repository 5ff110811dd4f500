import { ListedAgent } from '../../../../core/domain/agent/listed-agent';
import { Agent } from '../../../../core/domain/agent/agent.entity';
import { agentPageJson, toAgentResponse } from '../../../../contracts/platform/mappers/agent.mapper';
import { anAgent } from '../../../fixtures/agents/agent.mother';

function listed(agent: Agent): ListedAgent {
  const { workflowConfig, ...rest } = agent;
  return { ...rest, workflowConfigJson: JSON.stringify(workflowConfig) };
}

describe('agentPageJson', () => {
  const agents = [
    anAgent(),
    anAgent({
      name: 'Quotes " and \\ back\\slashes\u2028 and\ttabs',
      systemPrompt: '',
      modelConfig: { provider: 'anthropic', modelName: 'claude', temperature: 0, modelConfigId: '7d1c9a4e-0b5f-4c8e-9a51-2f7e1d3c6b20' },
      includeTools: [],
      workflowConfig: { nodes: [{ id: 'start', type: 'start', label: 'Début "1"' }], edges: [], extra: { nested: [1, 2.5, null, true] } },
      maxLlmCalls: 4,
      maxTotalTokens: 9000,
      knowledgeBaseIds: ['0c4f2f0e-5d0a-4d3a-8f7e-0d6b8e3c1a11'],
      selfReview: true,
      status: 'deployed',
      version: 12,
      isMainAgent: true,
    }),
  ];

  it('When a page is written as text, Then each item is the record toAgentResponse gives, graph included', () => {
    const text = agentPageJson({ items: agents.map(listed), total: 42, page: 3, pageSize: 2, next: null });
    expect(JSON.parse(text)).toEqual({ items: agents.map(toAgentResponse), total: 42, page: 3, page_size: 2, next_cursor: null });
  });

  it('When another page follows, Then next_cursor is set, and an empty page is still valid JSON', () => {
    const next = { page: 2, after: { createdAt: agents[0].createdAt, id: agents[0].id } };
    expect(JSON.parse(agentPageJson({ items: [listed(agents[0])], total: 2, page: 1, pageSize: 1, next })).next_cursor).toEqual(expect.any(String));
    expect(JSON.parse(agentPageJson({ items: [], total: 0, page: 1, pageSize: 20, next: null }))).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
      next_cursor: null,
    });
  });
});
