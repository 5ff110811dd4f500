import { createHash } from 'node:crypto';
import Ajv, { ValidateFunction } from 'ajv';
import { CapabilityName, ToolDescriptor } from '../../../core/domain/tool/tool-descriptor';
import { InvalidPluginError } from '../../../core/domain/tool/tool.errors';
import { PluginManifest } from '../manifest/plugin-manifest';
import { SandboxPlugin } from '../sandbox/sandbox-plugin';
import { clampLimits, PluginLimits, SandboxMaxima } from './plugin-limits';

/** A plugin the registry can run: manifest, descriptor, validators compiled once, clamped limits. */
export interface LoadedPlugin {
  manifest: PluginManifest;
  descriptor: ToolDescriptor;
  sandbox: SandboxPlugin;
  limits: PluginLimits;
  validateInput: ValidateFunction;
  validateOutput: ValidateFunction;
}

export function loadPlugin(
  manifest: PluginManifest,
  code: string,
  options: { builtin: boolean; enabled: boolean },
  ajv: Ajv,
  maxima: SandboxMaxima,
): LoadedPlugin {
  const limits = clampLimits(manifest.limits, maxima);
  const capabilities = (Object.keys(manifest.capabilities) as CapabilityName[]).sort();
  const digest = createHash('sha256').update(code).digest('hex').slice(0, 16);
  return {
    manifest,
    limits,
    validateInput: compile(ajv, manifest, 'input_schema'),
    validateOutput: compile(ajv, manifest, 'output_schema'),
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

export function forgetSchemas(ajv: Ajv, plugin: LoadedPlugin): void {
  ajv.removeSchema(plugin.manifest.input_schema);
  ajv.removeSchema(plugin.manifest.output_schema);
}

function compile(ajv: Ajv, manifest: PluginManifest, field: 'input_schema' | 'output_schema'): ValidateFunction {
  try {
    return ajv.compile(manifest[field]);
  } catch (error) {
    const message = `cannot be compiled: ${(error as Error).message}`;
    throw new InvalidPluginError(`Plugin "${manifest.id}": ${field} ${message}`, [{ field, message }]);
  }
}
