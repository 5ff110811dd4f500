import { Actor } from '../../../../core/domain/auth/actor';
import { KnowledgeSearchHit, KnowledgeSearchRequest } from '../../../../core/domain/knowledge/knowledge-search';
import { KnowledgeBaseNotFoundError } from '../../../../core/domain/knowledge/knowledge.errors';
import { LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';
import { RunEventData } from '../../../../core/domain/run/run-event';
import { actor, agentWith, setUp } from '../../../fixtures/agents/agent-runner-harness';
import { answer, callTools, QueuedTurn } from '../../../fixtures/agents/queued-llm-provider';

const BASE_A = '0a1b2c3d-0000-4000-8000-00000000000a';
const BASE_B = '0a1b2c3d-0000-4000-8000-00000000000b';

const hit = (knowledgeBaseId: string, title: string, content: string, score: number): KnowledgeSearchHit => ({
  chunkId: `doc-${title}:0`,
  documentId: `doc-${title}`,
  knowledgeBaseId,
  title,
  chunkIndex: 0,
  content,
  start: 0,
  end: content.length,
  score,
  relevance: score,
  vectorScore: score,
  keywordRank: null,
});

/** A knowledge search over fixed hits per base; it records who searched what. */
function knowledgeOf(hits: Record<string, KnowledgeSearchHit[]>) {
  const searches: Array<{ actor: Actor; request: KnowledgeSearchRequest }> = [];
  return {
    searches,
    search: async (searcher: Actor, request: KnowledgeSearchRequest) => {
      searches.push({ actor: searcher, request });
      return hits[request.knowledgeBaseId ?? ''] ?? [];
    },
  };
}

const reviewTurn = (json: string): QueuedTurn => answer(json);

describe('AgentRunner: per-run budgets', () => {
  it('When the agent sets max_llm_calls, Then that is the run’s limit and a run past it stops with budget_exceeded', async () => {
    const turns = [1, 2, 3].map((n) => callTools(`step ${n}`, [{ id: `c${n}`, name: 'echo', arguments: '{}' }]));
    const { llm, runner } = setUp(turns);
    const result = await runner.run(actor, agentWith({ iterationLimit: 10, maxLlmCalls: 2 }), 'loop');

    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0].budget?.limit).toBe(2);
    expect(result).toMatchObject({ success: false, error: { code: 'budget_exceeded' }, llmCalls: 2, output: 'step 2' });
  });

  it('When the agent sets no max_llm_calls and AGENT_MAX_LLM_CALLS is configured, Then the configured limit applies', async () => {
    const { llm, runner } = setUp([answer('ok')], { settings: { maxLlmCalls: 7 } });
    await runner.run(actor, agentWith({ iterationLimit: 10 }), 'go');
    expect(llm.requests[0].budget?.limit).toBe(7);
  });

  it('When the run’s tokens pass max_total_tokens, Then it stops with budget_exceeded before another model call', async () => {
    // Each tool-calling turn uses 23 tokens: 46 after the second passes 40.
    const turns = [
      callTools('a', [{ id: 'c1', name: 'echo', arguments: '{}' }]),
      callTools('b', [{ id: 'c2', name: 'echo', arguments: '{}' }]),
      answer('never'),
    ];
    const { llm, registry, runner } = setUp(turns);
    const result = await runner.run(actor, agentWith({ maxTotalTokens: 40 }), 'go');

    expect(llm.requests).toHaveLength(2);
    expect(registry.invocations).toHaveLength(1);
    expect(result).toMatchObject({
      success: false,
      output: 'b',
      tokenUsage: { totalTokens: 46 },
      error: { code: 'budget_exceeded', message: 'The run used 46 tokens, past its budget of 40' },
    });
  });

  it('When the agent sets no max_total_tokens, Then AGENT_MAX_TOTAL_TOKENS applies', async () => {
    const { runner } = setUp([callTools('a', [{ id: 'c1', name: 'echo', arguments: '{}' }]), answer('never')], { settings: { maxTotalTokens: 20 } });
    const result = await runner.run(actor, agentWith(), 'go');
    expect(result).toMatchObject({ success: false, error: { code: 'budget_exceeded' }, iterations: 1 });
  });

  it('When a run stays within both budgets, Then it succeeds', async () => {
    const { runner } = setUp([callTools('a', [{ id: 'c1', name: 'echo', arguments: '{}' }]), answer('done')]);
    const result = await runner.run(actor, agentWith({ maxLlmCalls: 2, maxTotalTokens: 38 }), 'go');
    expect(result).toMatchObject({ success: true, output: 'done', llmCalls: 2, tokenUsage: { totalTokens: 38 } });
  });
});

describe('AgentRunner: knowledge pre-call step (behaviour rule 11)', () => {
  it('When the agent names knowledge bases, Then the best passages reach the model as a system message with their source names', async () => {
    const knowledge = knowledgeOf({
      [BASE_A]: [hit(BASE_A, 'handbook.md', 'Refunds take 14 days.', 0.9), hit(BASE_A, 'faq.md', 'Shipping is free.', 0.2)],
      [BASE_B]: [hit(BASE_B, 'policy.pdf', 'Refunds need a receipt.', 0.7)],
    });
    const { llm, runner } = setUp([answer('14 days, with a receipt.')], { knowledge, settings: { knowledgeTopK: 2 } });
    const owner = 'owner-1';
    const result = await runner.run(actor, agentWith({ ownerId: owner, knowledgeBaseIds: [BASE_A, BASE_B] }), 'How long do refunds take?');

    expect(knowledge.searches).toEqual([
      { actor: { userId: owner, role: 'user' }, request: { query: 'How long do refunds take?', knowledgeBaseId: BASE_A, topK: 2 } },
      { actor: { userId: owner, role: 'user' }, request: { query: 'How long do refunds take?', knowledgeBaseId: BASE_B, topK: 2 } },
    ]);
    const messages = llm.requests[0].messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(messages[1].content).toContain('[1] Source: handbook.md\nRefunds take 14 days.');
    expect(messages[1].content).toContain('[2] Source: policy.pdf\nRefunds need a receipt.');
    expect(messages[1].content).not.toContain('Shipping');
    expect(result).toMatchObject({
      success: true,
      knowledgeSources: [
        { knowledgeBaseId: BASE_A, documentId: 'doc-handbook.md', title: 'handbook.md' },
        { knowledgeBaseId: BASE_B, documentId: 'doc-policy.pdf', title: 'policy.pdf' },
      ],
    });
  });

  it('When the passages are long, Then the context message is cut to its bound', async () => {
    const knowledge = knowledgeOf({ [BASE_A]: [hit(BASE_A, 'long.txt', 'x'.repeat(5000), 0.9), hit(BASE_A, 'more.txt', 'y'.repeat(5000), 0.8)] });
    const { llm, runner } = setUp([answer('ok')], { knowledge, settings: { knowledgeContextChars: 1000 } });
    await runner.run(actor, agentWith({ knowledgeBaseIds: [BASE_A] }), 'q');
    const context = llm.requests[0].messages[1].content;
    expect(context.length).toBeLessThanOrEqual(1000);
    expect(context).toContain('Source: long.txt');
    expect(context).not.toContain('more.txt');
  });

  it('rule 11: a failing knowledge pre-call step does not fail the run', async () => {
    const failing = {
      search: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'query')");
      },
    };
    const { llm, logger, runner } = setUp([answer('Answered without context.')], { knowledge: failing });
    const result = await runner.run(actor, agentWith({ knowledgeBaseIds: [BASE_A] }), 'q');

    expect(result).toMatchObject({ success: true, output: 'Answered without context.' });
    expect(result.knowledgeSources).toBeUndefined();
    expect(llm.requests[0].messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(logger.warnings()).toEqual([expect.objectContaining({ message: 'knowledge context step failed; the run goes on without it' })]);
    expect(JSON.stringify(result)).not.toContain('Cannot read');
  });

  it('When a named base is no longer readable, Then the run goes on without context and a warning names the code', async () => {
    const gone = {
      search: async () => {
        throw new KnowledgeBaseNotFoundError(BASE_A);
      },
    };
    const { logger, runner } = setUp([answer('ok')], { knowledge: gone });
    const result = await runner.run(actor, agentWith({ knowledgeBaseIds: [BASE_A] }), 'q');
    expect(result.success).toBe(true);
    expect(logger.warnings()[0].fields).toMatchObject({ code: 'knowledge_base.not_found' });
  });

  it('When the agent names no knowledge base, Then nothing is searched', async () => {
    const knowledge = knowledgeOf({});
    const { runner } = setUp([answer('ok')], { knowledge });
    await runner.run(actor, agentWith(), 'q');
    expect(knowledge.searches).toEqual([]);
  });
});

describe('AgentRunner: a run that continues another (a resumed execution)', () => {
  it('When the input is a prompt to go on and the question is given, Then knowledge is searched and the answer reviewed for the question', async () => {
    const knowledge = knowledgeOf({ [BASE_A]: [hit(BASE_A, 'handbook.md', 'Refunds take 14 days.', 0.9)] });
    const { llm, runner } = setUp([answer('14 days.'), reviewTurn('{"passed": true, "reason": "ok"}')], { knowledge });
    const agent = agentWith({ knowledgeBaseIds: [BASE_A], selfReview: true });
    await runner.run(actor, agent, 'Go on from where you stopped.', { question: 'How long do refunds take?' });

    expect(knowledge.searches.map((s) => s.request.query)).toEqual(['How long do refunds take?']);
    expect(JSON.parse(llm.requests[1].messages[1].content)).toMatchObject({ question: 'How long do refunds take?' });
  });
});

describe('AgentRunner: self-review step (behaviour rule 5)', () => {
  it('When self_review is on, Then one more model call judges the answer against the question and the result carries its review', async () => {
    const { llm, runner } = setUp([answer('Paris.'), reviewTurn('```json\n{"passed": true, "reason": "Correct capital.",}\n```')]);
    const result = await runner.run(actor, agentWith({ selfReview: true }), 'Capital of France?');

    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]).toMatchObject({ task: 'self-review', responseFormat: 'json' });
    expect(llm.requests[1].tools).toBeUndefined();
    expect(JSON.parse(llm.requests[1].messages[1].content)).toEqual({ question: 'Capital of France?', answer: 'Paris.' });
    expect(result).toMatchObject({
      success: true,
      output: 'Paris.',
      review: { passed: true, reason: 'Correct capital.' },
      llmCalls: 2,
      tokenUsage: { totalTokens: 30 },
    });
  });

  it('rule 5: when the self-review step raises an exception, Then the review has passed false with a safe reason and the answer stands', async () => {
    const { logger, runner } = setUp([answer('Paris.'), { error: new LlmUpstreamError('upstream said: secret-key-123 invalid', false, 401) }]);
    const result = await runner.run(actor, agentWith({ selfReview: true }), 'Capital of France?');

    expect(result).toMatchObject({ success: true, output: 'Paris.', review: { passed: false, reason: 'The answer could not be reviewed' } });
    expect(JSON.stringify(result)).not.toContain('secret-key-123');
    expect(logger.warnings()).toEqual([expect.objectContaining({ message: 'self-review step failed; the answer stands unreviewed' })]);
  });

  it('When the review is not JSON, or the budget is spent before it, Then it has passed false and the answer stands', async () => {
    const unreadable = setUp([answer('Paris.'), reviewTurn('Looks fine to me')]);
    const first = await unreadable.runner.run(actor, agentWith({ selfReview: true }), 'q');
    expect(first).toMatchObject({ success: true, review: { passed: false, reason: 'The review was not readable' } });

    const spent = setUp([answer('Paris.'), reviewTurn('{"passed": true}')]);
    const second = await spent.runner.run(actor, agentWith({ selfReview: true, maxLlmCalls: 1 }), 'q');
    expect(second).toMatchObject({ success: true, output: 'Paris.', review: { passed: false }, llmCalls: 1 });
  });

  it('When the run streams its events, Then its done event carries the review', async () => {
    const { runner } = setUp([answer('Paris.'), reviewTurn('{"passed": false, "reason": "Too short."}')]);
    const events: RunEventData[] = [];
    await runner.run(actor, agentWith({ selfReview: true }), 'q', { events: async (event) => void events.push(event) });
    expect(events.at(-1)).toEqual({
      type: 'done',
      tokenUsage: { promptTokens: 20, completionTokens: 10, totalTokens: 30 },
      review: { passed: false, reason: 'Too short.' },
    });
  });

  it('When self_review is off, Then no review call is made and the result has no review', async () => {
    const { llm, runner } = setUp([answer('Paris.')]);
    const result = await runner.run(actor, agentWith(), 'q');
    expect(llm.requests).toHaveLength(1);
    expect(result.review).toBeUndefined();
  });
});
