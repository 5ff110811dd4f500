import { CustomTool } from '../../../core/domain/tool/custom-tool.entity';
import { ToolDescriptor } from '../../../core/domain/tool/tool-descriptor';
import { ToolError, ToolOutcome } from '../../../core/domain/tool/tool-outcome';
import { CatalogTool, kindOf } from '../../../core/services/tools/catalog-tool';
import { CategoryCount } from '../../../core/services/tools/tool-catalog.service';
import { CodeTestResult } from '../../../core/services/tools/tool-tester.service';
import { Page } from '../../../core/shared/pagination';
import {
  HttpToolConfigResponse,
  ToolCategoryResponse,
  ToolCodeTestResponse,
  ToolErrorBody,
  ToolPageResponse,
  ToolResponse,
  ToolUseResponse,
} from '../dto/tool.dto';

const CATEGORY_NAMES: Record<string, string> = {
  text: 'Text',
  math: 'Math',
  encoding: 'Encoding',
  web: 'Web',
  knowledge: 'Knowledge',
  llm: 'LLM',
  files: 'Files',
  data: 'Data',
  communication: 'Communication',
  platform: 'Platform',
  code: 'Code',
};

export function toToolResponse(entry: CatalogTool): ToolResponse {
  return entry.source === 'custom' ? customToolResponse(entry.tool) : kernelToolResponse(entry.descriptor, kindOf(entry));
}

export function toToolPageResponse(page: Page<CatalogTool>): ToolPageResponse {
  return { items: page.items.map(toToolResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toCategoryResponse({ category, count }: CategoryCount): ToolCategoryResponse {
  return { id: category, name: CATEGORY_NAMES[category] ?? category, count };
}

export function toToolUseResponse(outcome: ToolOutcome): ToolUseResponse {
  if (outcome.success) return { success: true, result: outcome.result, receipt: outcome.receipt };
  return { success: false, error: toToolErrorBody(outcome.error), receipt: outcome.receipt };
}

export function toCodeTestResponse(result: CodeTestResult): ToolCodeTestResponse {
  if (result.success) return { success: true, result: result.result, logs: result.logs };
  return { success: false, error: toToolErrorBody(result.error), logs: result.logs };
}

function toToolErrorBody({ code, reason, message }: ToolError): ToolErrorBody {
  return reason === undefined ? { code, message } : { code, reason, message };
}

function kernelToolResponse(d: ToolDescriptor, kind: ToolResponse['kind']): ToolResponse {
  return {
    id: d.id,
    name: d.id,
    display_name: d.name,
    description: d.description,
    category: d.category,
    kind,
    input_schema: d.inputSchema,
    output_schema: d.outputSchema,
    builtin: d.builtin,
    version: d.version,
    publisher: d.publisher,
    capabilities: [...d.capabilities],
    examples: d.examples,
  };
}

function customToolResponse(tool: CustomTool): ToolResponse {
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    category: tool.category,
    kind: tool.kind,
    input_schema: tool.inputSchema,
    output_schema: tool.outputSchema,
    builtin: false,
    owner_id: tool.ownerId,
    config: tool.kind === 'code' ? { code: tool.config.code } : httpConfigResponse(tool),
    created_at: tool.createdAt.toISOString(),
    updated_at: tool.updatedAt.toISOString(),
  };
}

/** Everything but the secret, which exists here only sealed and is never decrypted for a read. */
function httpConfigResponse(tool: Extract<CustomTool, { kind: 'http' }>): HttpToolConfigResponse {
  const { url, method, headers, bodyTemplate, responseMapping, auth } = tool.config;
  return {
    url,
    method,
    headers: { ...headers },
    body_template: bodyTemplate as HttpToolConfigResponse['body_template'],
    response_mapping: responseMapping,
    auth: auth && {
      type: auth.type,
      ...(auth.type === 'header' ? { header_name: auth.headerName } : {}),
      has_secret: tool.sealedSecret !== null,
    },
  };
}
