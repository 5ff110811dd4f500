import { TokenUsage } from '../../../domain/llm/chat-message';
import { ToolLogLine } from '../../../domain/tool/tool-outcome';
import { DomainError } from '../../../shared/domain-error';

/** A node that ran and failed (a tool's failure outcome, an agent run that ended without an answer). */
export class NodeFailure extends DomainError {
  constructor(
    readonly code: string,
    message: string,
    /** Tokens the node spent before it failed; they still count toward the run. */
    readonly tokenUsage?: TokenUsage,
    /** What the node's code logged before it failed (a code node). */
    readonly logs?: ToolLogLine[],
  ) {
    super(message);
  }
}
