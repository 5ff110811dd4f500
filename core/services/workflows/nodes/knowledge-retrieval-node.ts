import { KnowledgeSearchHit } from '../../../domain/knowledge/knowledge-search';
import { renderTemplate, TemplateScope } from '../../../domain/workflow/template';
import { KnowledgeGateway } from '../../../ports/knowledge-gateway.port';
import { JsonObject, JsonValue } from '../../../shared/json';
import { numberField, textField } from './node-config';
import { configObject, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

const DEFAULT_TOP_K = 5;
/** The knowledge searcher's own limits (KnowledgeSettings.maxTopK, its query cap). */
const MAX_TOP_K = 50;
const MAX_QUERY_CHARS = 10_000;

/**
 * Searches `knowledge_base_ids` (each a template, so a workflow may take its bases from the run's
 * input: `["{{input.knowledge_base_id}}"]`) for the rendered `query`, with the run's actor's rights: a base
 * the actor may not read fails the node as not found. Output: the `top_k` best passages over all
 * the bases, best first, and `context`, their texts joined for a prompt.
 */
export class KnowledgeRetrievalNode implements NodeType {
  readonly type = 'knowledge_retrieval';
  readonly configSchema = configObject(
    {
      knowledge_base_ids: { type: 'array', minItems: 1, maxItems: 10, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 100 } },
      query: templateField(1),
      top_k: { type: 'integer', minimum: 1, maximum: MAX_TOP_K },
      score_threshold: { type: 'number', minimum: 0, maximum: 1 },
    },
    ['knowledge_base_ids', 'query'],
  );

  constructor(private readonly knowledge: Pick<KnowledgeGateway, 'search'>) {}

  async run({ actor, config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const query = renderTemplate(textField(config, 'query') ?? '', scope)
      .trim()
      .slice(0, MAX_QUERY_CHARS);
    const baseIds = renderedBaseIds(config.knowledge_base_ids, scope);
    if (query === '' || baseIds.length === 0) return { output: { results: [], context: '' } };
    const topK = Math.min(Math.max(Math.trunc(numberField(config, 'top_k') ?? DEFAULT_TOP_K), 1), MAX_TOP_K);
    const minScore = numberField(config, 'score_threshold');
    const perBase = await Promise.all(baseIds.map((knowledgeBaseId) => this.knowledge.search(actor, { query, knowledgeBaseId, topK, minScore })));
    const hits = perBase
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
    return { output: { results: hits.map(resultOf), context: hits.map((hit) => hit.content).join('\n\n') } };
  }
}

/** The ids as rendered, trimmed, without empty ones or repeats. */
function renderedBaseIds(ids: JsonValue | undefined, scope: TemplateScope): string[] {
  if (!Array.isArray(ids)) return [];
  const rendered = ids.filter((id): id is string => typeof id === 'string').map((id) => renderTemplate(id, scope).trim());
  return [...new Set(rendered.filter((id) => id !== ''))];
}

function resultOf(hit: KnowledgeSearchHit): JsonObject {
  return {
    content: hit.content,
    score: hit.score,
    title: hit.title,
    document_id: hit.documentId,
    knowledge_base_id: hit.knowledgeBaseId,
    chunk_index: hit.chunkIndex,
  };
}
