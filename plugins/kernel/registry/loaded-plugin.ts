import { createHash } from 'node:crypto';
import { CapabilityName, ToolDescriptor } from '../../../core/domain/tool/tool-descriptor';
import { InvalidPluginError } from '../../../core/domain/tool/tool.errors';
import { CompiledSchema, JsonSchemaValidator } from '../../../core/ports/json-schema-validator.port';
import { summarizeIssues } from '../../../core/shared/issue-summary';
import { PluginManifest } from '../manifest/plugin-manifest';
import { SandboxPlugin } from '../sandbox/sandbox-plugin';
import { clampLimits, PluginLimits, SandboxMaxima } from './plugin-limits';

/** A plugin the registry can run: manifest, descriptor, validators compiled once, clamped limits. */
export interface LoadedPlugin {
  manifest: PluginManifest;
  descriptor: ToolDescriptor;
  sandbox: SandboxPlugin;
  limits: PluginLimits;
  input: CompiledSchema;
  output: CompiledSchema;
}

export function loadPlugin(
  manifest: PluginManifest,
  code: string,
  options: { builtin: boolean; enabled: boolean },
  schemas: JsonSchemaValidator,
  maxima: SandboxMaxima,
): LoadedPlugin {
  const limits = clampLimits(manifest.limits, maxima);
  const capabilities = (Object.keys(manifest.capabilities) as CapabilityName[]).sort();
  const digest = createHash('sha256').update(code).digest('hex').slice(0, 16);
  return {
    manifest,
    limits,
    input: compile(schemas, manifest, 'input_schema'),
    output: compile(schemas, manifest, 'output_schema'),
    descriptor: {
      id: manifest.id,
      name: manifest.name,
      version: manifest.version,
      publisher: manifest.publisher,
      description: manifest.description,
      category: manifest.category,
      kind: manifest.kind,
      inputSchema: manifest.input_schema,
      outputSchema: manifest.output_schema,
      capabilities,
      builtin: options.builtin,
      enabled: options.enabled,
      examples: manifest.examples ?? [],
    },
    sandbox: {
      key: `${manifest.id}@${manifest.version}#${digest}`,
      id: manifest.id,
      code,
      grants: capabilities,
      memoryMb: limits.memoryMb,
      cpuMs: limits.cpuMs,
      timeoutMs: limits.timeoutMs,
    },
  };
}

function compile(schemas: JsonSchemaValidator, manifest: PluginManifest, field: 'input_schema' | 'output_schema'): CompiledSchema {
  const compiled = schemas.compile(manifest[field], field);
  if (!compiled.ok) throw new InvalidPluginError(summarizeIssues(`Plugin "${manifest.id}" has an unusable schema`, compiled.error), compiled.error);
  return compiled.value;
}
