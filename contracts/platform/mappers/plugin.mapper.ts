import { InstalledPlugin, InstalledPluginSummary } from '../../../core/domain/plugin/installed-plugin.entity';
import { PluginRelease } from '../../../core/domain/plugin/plugin-release';
import { SignedPluginBundle } from '../../../core/domain/plugin/signed-plugin-bundle';
import { InstalledPluginState } from '../../../core/services/plugins/installed-plugin-state';
import { MarketOffer } from '../../../core/services/plugins/plugin-market-catalog.service';
import { ValidationError } from '../../../core/shared/common.errors';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { Page } from '../../../core/shared/pagination';
import {
  MarketPluginDetailResponse,
  MarketPluginResponse,
  PluginBundleRequest,
  PluginDetailResponse,
  PluginExampleResponse,
  PluginJsonObject,
  PluginListResponse,
  PluginReleaseListResponse,
  PluginReleaseResponse,
  PluginResponse,
} from '../dto/plugin.dto';

/** Ids that would be shadowed by a route of this API (`GET /plugins/market` is the market). */
const RESERVED_IDS = new Set(['market']);

export function toSignedBundle(body: PluginBundleRequest): SignedPluginBundle {
  if (typeof body.manifest.id === 'string' && RESERVED_IDS.has(body.manifest.id)) {
    throw new ValidationError('The plugin id is reserved', [{ field: 'manifest.id', message: `"${body.manifest.id}" names a route of the /plugins API` }]);
  }
  return { manifest: body.manifest as JsonObject, code: body.code, signature: body.signature, publicKeyId: body.public_key_id };
}

export function toPluginResponse({ plugin, loaded }: InstalledPluginState): PluginResponse {
  return {
    id: plugin.id,
    name: plugin.name,
    version: plugin.version,
    publisher: plugin.publisher,
    description: plugin.description,
    category: plugin.category,
    kind: 'tool',
    capabilities: plugin.capabilities,
    enabled: plugin.enabled,
    loaded,
    source: plugin.source,
    signing_key_id: plugin.signingKeyId,
    installed_by: plugin.installedBy,
    installed_at: plugin.installedAt.toISOString(),
    updated_at: plugin.updatedAt.toISOString(),
  };
}

export function toPluginDetailResponse(state: InstalledPluginState<InstalledPlugin>): PluginDetailResponse {
  const { manifest } = state.plugin;
  return {
    ...toPluginResponse(state),
    input_schema: objectField(manifest, 'input_schema'),
    output_schema: objectField(manifest, 'output_schema'),
    examples: Array.isArray(manifest.examples) ? (manifest.examples as unknown as PluginExampleResponse[]) : [],
    manifest,
  };
}

/** A plugin just installed or changed by this request runs in this server's kernel. */
export function toChangedPluginResponse(plugin: InstalledPlugin): PluginDetailResponse {
  return toPluginDetailResponse({ plugin, loaded: true });
}

export function toPluginListResponse(page: Page<InstalledPluginState<InstalledPluginSummary>>): PluginListResponse {
  return { items: page.items.map(toPluginResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toPluginReleaseListResponse(page: Page<PluginRelease>): PluginReleaseListResponse {
  return { items: page.items.map(toPluginReleaseResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

function toPluginReleaseResponse(release: PluginRelease): PluginReleaseResponse {
  return {
    version: release.version,
    action: release.action,
    source: release.source,
    signing_key_id: release.signingKeyId,
    installed_by: release.installedBy,
    installed_at: release.installedAt.toISOString(),
  };
}

export function toMarketPluginResponse({ plugin, installedVersion }: MarketOffer): MarketPluginResponse {
  return {
    id: plugin.id,
    name: plugin.name,
    version: plugin.version,
    publisher: plugin.publisher,
    description: plugin.description,
    category: plugin.category,
    capabilities: plugin.capabilities,
    installed: installedVersion !== null,
    installed_version: installedVersion,
  };
}

export function toMarketPluginDetailResponse(offer: MarketOffer): MarketPluginDetailResponse {
  return {
    ...toMarketPluginResponse(offer),
    input_schema: offer.plugin.inputSchema,
    output_schema: offer.plugin.outputSchema,
    examples: offer.plugin.examples,
  };
}

function objectField(manifest: JsonObject, field: string): PluginJsonObject {
  const value: JsonValue | undefined = manifest[field];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
