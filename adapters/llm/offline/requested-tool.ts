import { ToolDefinition } from '../../../core/domain/llm/chat-message';

export interface ToolMention {
  tool: ToolDefinition;
  /** The words that named it, as written in the message. */
  mention: string;
}

/**
 * The offered tool the message names ("calculator", or "web search" for `web_search`);
 * with several, the one named first.
 */
export function findRequestedTool(tools: ReadonlyArray<ToolDefinition>, message: string): ToolMention | undefined {
  let best: (ToolMention & { index: number }) | undefined;
  for (const tool of tools) {
    for (const alias of aliases(tool.name)) {
      const match = mentionPattern(alias).exec(message);
      if (match && (!best || match.index < best.index || (match.index === best.index && alias.length > best.mention.length))) {
        best = { tool, mention: match[0], index: match.index };
      }
    }
  }
  return best && { tool: best.tool, mention: best.mention };
}

function aliases(name: string): string[] {
  const spaced = name.replace(/[_-]+/g, ' ');
  return spaced === name ? [name] : [name, spaced];
}

// ASCII boundaries only, so a name inside CJK text ("用calculator计算") still counts.
function mentionPattern(alias: string): RegExp {
  const escaped = alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`, 'i');
}
