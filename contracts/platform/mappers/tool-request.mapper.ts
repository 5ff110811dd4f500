import { CustomToolConfigSpec, CustomToolSpec } from '../../../core/domain/tool/custom-tool-spec';
import { CustomToolPatch } from '../../../core/services/tools/custom-tool-manager.service';
import { CodeTestRequest, HttpTestRequest } from '../../../core/services/tools/tool-tester.service';
import { JsonObject, JsonSchema, JsonValue } from '../../../core/shared/json';
import { ToolCodeTestRequest, ToolConfigRequest, ToolCreateRequest, ToolHttpTestRequest, ToolUpdateRequest } from '../dto/tool.dto';

/** Request bodies are parsed JSON, so their `unknown` parts are JSON values. */
const json = (value: unknown): JsonValue => value as JsonValue;

export function toCustomToolSpec(body: ToolCreateRequest): CustomToolSpec {
  return {
    name: body.name,
    description: body.description,
    kind: body.kind,
    category: body.category,
    config: toConfigSpec(body.config),
    inputSchema: body.input_schema as JsonSchema,
    outputSchema: body.output_schema as JsonSchema | undefined,
  };
}

export function toCustomToolPatch(body: ToolUpdateRequest): CustomToolPatch {
  const patch: CustomToolPatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description;
  if (body.kind !== undefined) patch.kind = body.kind;
  if (body.category !== undefined) patch.category = body.category;
  if (body.config !== undefined) patch.config = toConfigSpec(body.config);
  if (body.input_schema !== undefined) patch.inputSchema = body.input_schema as JsonSchema;
  if (body.output_schema !== undefined) patch.outputSchema = body.output_schema as JsonSchema;
  return patch;
}

export function toToolArguments(args: { [key: string]: unknown } | undefined): JsonObject {
  return (args ?? {}) as JsonObject;
}

export function toHttpTestRequest(body: ToolHttpTestRequest): HttpTestRequest {
  return { url: body.url, method: body.method, headers: body.headers, body: body.body === undefined ? undefined : json(body.body) };
}

export function toCodeTestRequest(body: ToolCodeTestRequest): CodeTestRequest {
  return { code: body.code, language: body.language, input: body.input === undefined ? undefined : json(body.input) };
}

/** `auth` keeps the difference between absent (keep the stored auth) and null (remove it). */
function toConfigSpec(config: ToolConfigRequest): CustomToolConfigSpec {
  const spec: CustomToolConfigSpec = {
    url: config.url,
    method: config.method,
    headers: config.headers,
    bodyTemplate: config.body_template === undefined ? undefined : json(config.body_template),
    responseMapping: config.response_mapping,
    code: config.code,
  };
  if (config.auth === null) spec.auth = null;
  else if (config.auth !== undefined) spec.auth = { type: config.auth.type, headerName: config.auth.header_name, secret: config.auth.secret };
  return spec;
}
