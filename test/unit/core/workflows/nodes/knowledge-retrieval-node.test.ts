import { Actor } from '../../../../../core/domain/auth/actor';
import { KnowledgeSearchHit, KnowledgeSearchRequest } from '../../../../../core/domain/knowledge/knowledge-search';
import { DomainError } from '../../../../../core/shared/domain-error';
import { JsonObject } from '../../../../../core/shared/json';
import { KnowledgeRetrievalNode } from '../../../../../core/services/workflows/nodes/knowledge-retrieval-node';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

class KnowledgeBaseNotFound extends DomainError {
  readonly code = 'knowledge_base.not_found';
}

function hit(knowledgeBaseId: string, content: string, score: number): KnowledgeSearchHit {
  return {
    chunkId: `doc-${content}:0`,
    documentId: `doc-${content}`,
    knowledgeBaseId,
    title: `${content}.md`,
    chunkIndex: 0,
    content,
    start: 0,
    end: content.length,
    score,
    relevance: score,
    vectorScore: score,
    keywordRank: null,
  };
}

/** Each base's passages; a base the actor may not read is not found, as the searcher says. */
class FakeKnowledge {
  readonly searches: Array<{ actor: Actor; request: KnowledgeSearchRequest }> = [];
  constructor(private readonly bases: Record<string, KnowledgeSearchHit[]>) {}
  async search(actor: Actor, request: KnowledgeSearchRequest): Promise<KnowledgeSearchHit[]> {
    this.searches.push({ actor, request });
    const hits = this.bases[request.knowledgeBaseId ?? ''];
    if (!hits) throw new KnowledgeBaseNotFound(`Knowledge base "${request.knowledgeBaseId}" not found`);
    return hits.filter((item) => item.score >= (request.minScore ?? -1)).slice(0, request.topK);
  }
}

const knowledge = () =>
  new FakeKnowledge({
    kb1: [hit('kb1', 'refunds', 0.9), hit('kb1', 'invoices', 0.4)],
    kb2: [hit('kb2', 'returns', 0.7), hit('kb2', 'shipping', 0.2)],
  });

function context(config: JsonObject) {
  return nodeContext({
    type: 'knowledge_retrieval',
    config: { knowledge_base_ids: ['kb1', 'kb2'], query: 'How do {{input.topic}} work?', ...config },
    input: { topic: 'refunds' },
  });
}

describe('knowledge_retrieval node', () => {
  it('When it runs, Then it searches each base as the actor and outputs the top_k best passages over all, with their text joined', async () => {
    const fake = knowledge();
    const runContext = context({ top_k: 3, score_threshold: 0.3 });

    const result = await new KnowledgeRetrievalNode(fake).run(runContext);

    expect(result.output).toEqual({
      results: [
        { content: 'refunds', score: 0.9, title: 'refunds.md', document_id: 'doc-refunds', knowledge_base_id: 'kb1', chunk_index: 0 },
        { content: 'returns', score: 0.7, title: 'returns.md', document_id: 'doc-returns', knowledge_base_id: 'kb2', chunk_index: 0 },
        { content: 'invoices', score: 0.4, title: 'invoices.md', document_id: 'doc-invoices', knowledge_base_id: 'kb1', chunk_index: 0 },
      ],
      context: 'refunds\n\nreturns\n\ninvoices',
    });
    expect(fake.searches).toEqual([
      { actor: runContext.actor, request: { query: 'How do refunds work?', knowledgeBaseId: 'kb1', topK: 3, minScore: 0.3 } },
      { actor: runContext.actor, request: { query: 'How do refunds work?', knowledgeBaseId: 'kb2', topK: 3, minScore: 0.3 } },
    ]);
  });

  it('When top_k is not given, Then 5 passages are asked for and no threshold', async () => {
    const fake = knowledge();

    await new KnowledgeRetrievalNode(fake).run(context({}));

    expect(fake.searches[0].request).toEqual({ query: 'How do refunds work?', knowledgeBaseId: 'kb1', topK: 5, minScore: undefined });
  });

  it('When a base is one the actor may not read, Then the node fails as not found', async () => {
    const run = new KnowledgeRetrievalNode(knowledge()).run(context({ knowledge_base_ids: ['kb1', 'someone-elses'] }));

    await expect(run).rejects.toMatchObject({ code: 'knowledge_base.not_found' });
  });

  it('When the query renders empty, Then the output is empty and nothing is searched', async () => {
    const fake = knowledge();

    const result = await new KnowledgeRetrievalNode(fake).run(context({ query: '{{input.nothing}}' }));

    expect(result.output).toEqual({ results: [], context: '' });
    expect(fake.searches).toEqual([]);
  });

  it('When the ids are templates, Then each is rendered from the run, and empty or repeated ones are dropped', async () => {
    const fake = knowledge();
    const runContext = nodeContext({
      type: 'knowledge_retrieval',
      config: { knowledge_base_ids: ['{{input.base}}', ' {{input.base}} ', '{{input.none}}', 'kb2'], query: 'refunds' },
      input: { base: 'kb1' },
    });

    await new KnowledgeRetrievalNode(fake).run(runContext);

    expect(fake.searches.map((search) => search.request.knowledgeBaseId)).toEqual(['kb1', 'kb2']);
  });
});
