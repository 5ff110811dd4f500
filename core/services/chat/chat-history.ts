import { ChatMessageRecord } from '../../domain/chat/chat-message.entity';
import { ChatMessage } from '../../domain/llm/chat-message';

/**
 * The context a turn restores: the complete messages among `recent` (oldest first), the newest
 * kept while they fit in `maxChars`. Cut or failed answers are left out: the model never reads
 * half an answer as if it had given it.
 */
export function historyOf(recent: ReadonlyArray<ChatMessageRecord>, maxChars: number): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let chars = 0;
  for (let i = recent.length - 1; i >= 0; i -= 1) {
    const message = recent[i];
    if (message.status !== 'complete') continue;
    chars += message.content.length;
    if (chars > maxChars) break;
    kept.unshift({ role: message.role, content: message.content });
  }
  return kept;
}
