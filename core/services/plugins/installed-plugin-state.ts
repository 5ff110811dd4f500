import { InstalledPluginSummary } from '../../domain/plugin/installed-plugin.entity';
import { ToolRegistry } from '../../ports/tool-registry.port';

/** An installed plugin and whether this process's kernel runs that very version. */
export interface InstalledPluginState<P extends InstalledPluginSummary = InstalledPluginSummary> {
  plugin: P;
  loaded: boolean;
}

export function stateOf<P extends InstalledPluginSummary>(registry: ToolRegistry, plugin: P): InstalledPluginState<P> {
  const running = registry.get(plugin.id);
  return { plugin, loaded: running !== undefined && !running.builtin && running.version === plugin.version };
}
