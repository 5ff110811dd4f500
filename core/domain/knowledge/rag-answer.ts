import { TokenUsage } from '../llm/chat-message';
import { LlmCallBudget } from '../llm/llm-call-budget';
import { KnowledgeSearchHit, KnowledgeSearchRequest } from './knowledge-search';

/** A question to answer from the knowledge bases the asker may read (or one of them). */
export interface RagQuestion extends Omit<KnowledgeSearchRequest, 'query'> {
  question: string;
  /** The caller's LLM call budget (behaviour rule 3). */
  budget?: LlmCallBudget;
  signal?: AbortSignal;
}

/** A passage quoted to the model, numbered as the prompt numbers it (from 1). */
export interface RagSource extends KnowledgeSearchHit {
  index: number;
}

/** A grounded answer and what it stands on. */
export interface RagAnswer {
  answer: string;
  /** Every passage the model was given, best first. */
  sources: RagSource[];
  /** The source numbers the answer cites (`[n]`), in order of first citation. */
  citations: number[];
  /** False when nothing relevant was found, so no model was asked. */
  grounded: boolean;
  /** The model that answered; null when none was asked. */
  model: string | null;
  usage: TokenUsage;
}
