import { Actor } from '../../domain/auth/actor';
import { ToolDefinition } from '../../domain/llm/chat-message';
import { Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { ToolCatalog } from '../tools/tool-catalog.service';

/**
 * The tools of `ids` the actor may use, keyed by the name the model calls them by (the tool id).
 * A listed tool that is gone or invisible to the actor is left out with a warning: the run goes on.
 */
export async function offeredTools(
  catalog: ToolCatalog,
  logger: Logger,
  actor: Actor,
  agentId: string,
  ids: ReadonlyArray<string>,
): Promise<Map<string, ToolDefinition>> {
  const offered = new Map<string, ToolDefinition>();
  for (const id of new Set(ids)) {
    try {
      const entry = await catalog.get(actor, id);
      const definition: ToolDefinition =
        entry.source === 'registry'
          ? { name: entry.descriptor.id, description: entry.descriptor.description, parameters: entry.descriptor.inputSchema }
          : { name: entry.tool.id, description: entry.tool.description, parameters: entry.tool.inputSchema };
      offered.set(definition.name, definition);
    } catch (error) {
      if (!(error instanceof DomainError) || error.reason !== 'not_found') throw error;
      logger.warn({ agentId, tool: id }, 'agent tool not available; left out of the run');
    }
  }
  return offered;
}
