import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { RagAnswer, RagQuestion, RagSource } from '../../domain/knowledge/rag-answer';
import { ZERO_USAGE } from '../../domain/llm/chat-message';
import { LLM_PROVIDER, LlmProvider } from '../../ports/llm-provider.port';
import { ValidationError } from '../../shared/common.errors';
import { KnowledgeSearcher } from './knowledge-searcher.service';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { citationsIn, noSourcesAnswer, RAG_TASK, ragMessages } from './rag-prompt';

const MAX_QUESTION_CHARS = 4000;

/** Retrieval-augmented generation: search, one grounded model call, the answer with its cited sources. */
@injectable()
export class RagAnswerer {
  constructor(
    @inject(KnowledgeSearcher) private readonly searcher: KnowledgeSearcher,
    @inject(LLM_PROVIDER) private readonly llm: LlmProvider,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
  ) {}

  async answer(actor: Actor, request: RagQuestion): Promise<RagAnswer> {
    const { question, budget, signal, ...search } = request;
    if (question.trim() === '' || question.length > MAX_QUESTION_CHARS) {
      throw new ValidationError('Invalid question', [{ field: 'question', message: `must be 1 to ${MAX_QUESTION_CHARS} characters` }]);
    }
    // Passages below the threshold would only invite a made-up answer: without any, RAG says it does not know.
    const hits = await this.searcher.search(actor, { ...search, minScore: search.minScore ?? this.settings.ragMinScore, query: question });
    const sources: RagSource[] = hits.map((hit, i) => ({ ...hit, index: i + 1 }));
    // Nothing to ground an answer on: saying so beats letting a model guess (and costs no call).
    if (sources.length === 0) {
      return { answer: noSourcesAnswer(question), sources, citations: [], grounded: false, model: null, usage: ZERO_USAGE };
    }
    const response = await this.llm.chat({
      messages: ragMessages(question, sources, this.settings.ragSourceChars),
      task: RAG_TASK,
      temperature: 0.2,
      budget,
      signal,
    });
    const answer = response.content.trim();
    return { answer, sources, citations: citationsIn(answer, sources.length), grounded: true, model: response.model, usage: response.usage };
  }
}
