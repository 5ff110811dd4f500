import { CustomTool } from '../../domain/tool/custom-tool.entity';
import { ToolDescriptor } from '../../domain/tool/tool-descriptor';
import { ToolKind } from '../../domain/tool/tool-kind';

/** One entry of the tool catalogue: a kernel tool (built-in or market plugin) or a custom tool. */
export type CatalogTool = { source: 'registry'; descriptor: ToolDescriptor } | { source: 'custom'; tool: CustomTool };

export function kindOf(entry: CatalogTool): ToolKind {
  if (entry.source === 'custom') return entry.tool.kind;
  return entry.descriptor.builtin ? 'builtin' : 'plugin';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Custom tools are addressed by UUID, kernel tools by their id (`calculator`). */
export function isCustomToolId(id: string): boolean {
  return UUID.test(id);
}
