import { CustomTool } from '../../../../core/domain/tool/custom-tool.entity';
import { ToolCategory } from '../../../../core/domain/tool/tool-category';
import { JsonSchema } from '../../../../core/shared/json';
import { CustomToolOrmEntity } from '../entities/custom-tool.orm-entity';

export function toCustomToolRow(tool: CustomTool): CustomToolOrmEntity {
  return {
    id: tool.id,
    ownerId: tool.ownerId,
    name: tool.name,
    description: tool.description,
    category: tool.category,
    kind: tool.kind,
    config: JSON.stringify(tool.config),
    inputSchema: JSON.stringify(tool.inputSchema),
    outputSchema: JSON.stringify(tool.outputSchema),
    sealedSecret: tool.sealedSecret ?? '',
    createdAt: tool.createdAt,
    updatedAt: tool.updatedAt,
  };
}

export function toCustomTool(row: CustomToolOrmEntity): CustomTool {
  const common = {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    category: row.category as ToolCategory,
    inputSchema: JSON.parse(row.inputSchema) as JsonSchema,
    outputSchema: JSON.parse(row.outputSchema) as JsonSchema,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (row.kind === 'code') return { ...common, kind: 'code', config: JSON.parse(row.config) as { code: string }, sealedSecret: null };
  return {
    ...common,
    kind: 'http',
    config: JSON.parse(row.config) as Extract<CustomTool, { kind: 'http' }>['config'],
    sealedSecret: row.sealedSecret === '' ? null : row.sealedSecret,
  };
}
