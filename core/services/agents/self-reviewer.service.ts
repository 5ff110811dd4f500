import { inject, injectable } from 'inversify';
import { AgentRunReview } from '../../domain/agent/agent-run';
import { TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { ChatRequest } from '../../ports/llm-provider.port';
import { ResolvedModel } from '../../ports/llm-provider-registry.port';
import { LENIENT_JSON_READER, LenientJsonReader } from '../../ports/lenient-json-reader.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { selfReviewMessages } from './self-review-prompt';

const MAX_REASON_CHARS = 500;

/** The run's model and the request fields every call of the run carries (budget, trace, signal). */
export type ReviewCall = Pick<ChatRequest, 'budget' | 'trace' | 'signal' | 'temperature'> & { model: ResolvedModel };

export interface SelfReviewOutcome {
  review: AgentRunReview;
  usage: TokenUsage;
}

/**
 * The self-review step (behaviour rule 5): one model call judges the final answer against the
 * question, as JSON `{passed, reason}`. Any failure — the call, a spent budget, an unreadable
 * reply — is a review that did not pass, with a safe reason; it never throws, so the answer stands.
 */
@injectable()
export class SelfReviewer {
  constructor(
    @inject(LENIENT_JSON_READER) private readonly json: LenientJsonReader,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async review(call: ReviewCall, question: string, answer: string): Promise<SelfReviewOutcome> {
    try {
      const { model, ...fields } = call;
      const response = await model.provider.chat({
        ...fields,
        messages: selfReviewMessages(question, answer),
        model: model.model,
        responseFormat: 'json',
        task: 'self-review',
      });
      return { review: this.read(response.content), usage: response.usage };
    } catch (error) {
      const code = error instanceof DomainError ? error.code : undefined;
      this.logger.warn({ agentId: call.trace?.agentId, code, error: String(error) }, 'self-review step failed; the answer stands unreviewed');
      return { review: { passed: false, reason: 'The answer could not be reviewed' }, usage: ZERO_USAGE };
    }
  }

  /** Only a literal `passed: true` passes; the offline model's `summary` stands in for a missing `reason`. */
  private read(content: string): AgentRunReview {
    const reply = this.json.readObject(content);
    if (!reply) return { passed: false, reason: 'The review was not readable' };
    const reason = typeof reply.reason === 'string' ? reply.reason : typeof reply.summary === 'string' ? reply.summary : '';
    return { passed: reply.passed === true, reason: reason.trim().slice(0, MAX_REASON_CHARS) || 'No reason given' };
  }
}
