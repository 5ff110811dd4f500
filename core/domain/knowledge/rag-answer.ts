import { TokenUsage } from '../llm/chat-message';
import { KnowledgeSearchHit } from './knowledge-search';

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
