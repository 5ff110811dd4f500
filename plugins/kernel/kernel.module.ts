import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../core/ports/json-schema-validator.port';
import { PLUGIN_MARKET } from '../../core/ports/plugin-market.port';
import { PLUGIN_SIGNATURE_VERIFIER } from '../../core/ports/plugin-signature-verifier.port';
import { TOOL_REGISTRY } from '../../core/ports/tool-registry.port';
import { VERSION_POLICY, VersionPolicy } from '../../core/ports/version-policy.port';
import { token } from '../../core/shared/token';
import { KernelLogger } from './kernel-logger';
import { FolderPluginMarket } from './market/folder-plugin-market';
import { KernelConfig, KernelOptions, PluginKernel } from './plugin-kernel';
import { projectRoot } from './sandbox/worker-script';
import { Ed25519BundleVerifier } from './signing/ed25519-bundle-verifier';

/** The kernel itself, for the composition root: `start()` at boot, `close()` at shutdown, `readiness()` for /health. */
export const PLUGIN_KERNEL = token<PluginKernel>('PluginKernel');

/**
 * Binds `PLUGIN_KERNEL` and `TOOL_REGISTRY` (its registry). The kernel may import only the
 * core, so `JSON_SCHEMA_VALIDATOR` and `VERSION_POLICY` are bound by adapter modules (adapters/core-services.module.ts,
 * adapters/versions/version-policy.module.ts); the capabilities' host side is installed by the composition root's
 * start step (adapters/composition/kernel-capabilities.ts). Also binds what the /plugins module installs from: the market
 * folder (`PLUGIN_MARKET`) and the bundle signature check (`PLUGIN_SIGNATURE_VERIFIER`, built
 * here so a malformed `PLUGIN_PUBLIC_KEYS` entry fails start-up).
 */
export function kernelModule(config: KernelConfig, options: KernelOptions & { logger?: KernelLogger } = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(PLUGIN_KERNEL)
      .toDynamicValue((context) => {
        const ports = {
          schemas: context.get<JsonSchemaValidator>(JSON_SCHEMA_VALIDATOR),
          versions: context.get<VersionPolicy>(VERSION_POLICY),
          logger: options.logger,
        };
        return new PluginKernel(config, ports, options);
      })
      .inSingletonScope();
    bind(TOOL_REGISTRY)
      .toDynamicValue((context) => context.get<PluginKernel>(PLUGIN_KERNEL).registry)
      .inSingletonScope();
    const marketDir = options.marketDir ?? join(projectRoot(), 'plugins', 'market');
    bind(PLUGIN_MARKET)
      .toDynamicValue((context) => {
        const checks = { schemas: context.get<JsonSchemaValidator>(JSON_SCHEMA_VALIDATOR), versions: context.get<VersionPolicy>(VERSION_POLICY) };
        return new FolderPluginMarket(marketDir, checks, options.logger);
      })
      .inSingletonScope();
    bind(PLUGIN_SIGNATURE_VERIFIER).toConstantValue(Ed25519BundleVerifier.fromConfig(config.sandbox.pluginPublicKeys ?? []));
  });
}
