import { InstalledPlugin, InstalledPluginSummary, PluginSource } from '../../../../core/domain/plugin/installed-plugin.entity';
import { PluginRelease } from '../../../../core/domain/plugin/plugin-release';
import { ToolCategory } from '../../../../core/domain/tool/tool-category';
import { CapabilityName } from '../../../../core/domain/tool/tool-descriptor';
import { JsonObject } from '../../../../core/shared/json';
import { InstalledPluginChunkOrmEntity } from '../entities/installed-plugin-chunk.orm-entity';
import { InstalledPluginOrmEntity } from '../entities/installed-plugin.orm-entity';
import { PluginReleaseOrmEntity } from '../entities/plugin-release.orm-entity';

/** Under MySQL's 65,535-byte BLOB, on a byte boundary: chunks are joined before decoding. */
export const CHUNK_BYTES = 60_000;

export type PluginFile = 'manifest' | 'code';

export function toInstalledPluginRow(plugin: InstalledPlugin): InstalledPluginOrmEntity {
  return {
    id: plugin.id,
    version: plugin.version,
    publisher: plugin.publisher,
    name: plugin.name,
    description: plugin.description,
    category: plugin.category,
    capabilities: plugin.capabilities.join(','),
    enabled: plugin.enabled,
    source: plugin.source,
    signingKeyId: plugin.signingKeyId ?? '',
    installedBy: plugin.installedBy,
    installedAt: plugin.installedAt,
    updatedAt: plugin.updatedAt,
  };
}

export function toChunkRows(plugin: InstalledPlugin): InstalledPluginChunkOrmEntity[] {
  const files: Array<[PluginFile, string]> = [
    ['manifest', JSON.stringify(plugin.manifest)],
    ['code', plugin.code],
  ];
  return files.flatMap(([file, text]) => {
    const bytes = Buffer.from(text, 'utf8');
    const rows: InstalledPluginChunkOrmEntity[] = [];
    for (let seq = 0; seq === 0 || seq * CHUNK_BYTES < bytes.length; seq += 1) {
      rows.push({ pluginId: plugin.id, file, seq, data: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) });
    }
    return rows;
  });
}

export function toInstalledPluginSummary(row: InstalledPluginOrmEntity): InstalledPluginSummary {
  return {
    id: row.id,
    version: row.version,
    publisher: row.publisher,
    name: row.name,
    description: row.description,
    category: row.category as ToolCategory,
    capabilities: row.capabilities === '' ? [] : (row.capabilities.split(',') as CapabilityName[]),
    enabled: Boolean(row.enabled),
    source: row.source as PluginSource,
    signingKeyId: row.signingKeyId || null,
    installedBy: row.installedBy,
    installedAt: row.installedAt,
    updatedAt: row.updatedAt,
  };
}

/** `chunks` of this plugin, in any order. */
export function toInstalledPlugin(row: InstalledPluginOrmEntity, chunks: ReadonlyArray<InstalledPluginChunkOrmEntity>): InstalledPlugin {
  return {
    ...toInstalledPluginSummary(row),
    manifest: JSON.parse(fileText(chunks, 'manifest')) as JsonObject,
    code: fileText(chunks, 'code'),
  };
}

function fileText(chunks: ReadonlyArray<InstalledPluginChunkOrmEntity>, file: PluginFile): string {
  const pieces = chunks.filter((c) => c.file === file).sort((a, b) => a.seq - b.seq);
  return Buffer.concat(pieces.map((c) => Buffer.from(c.data))).toString('utf8');
}

export function toReleaseRow(release: PluginRelease): PluginReleaseOrmEntity {
  return { ...release, signingKeyId: release.signingKeyId ?? '' };
}

export function toRelease(row: PluginReleaseOrmEntity): PluginRelease {
  return {
    id: row.id,
    pluginId: row.pluginId,
    version: row.version,
    action: row.action === 'update' ? 'update' : 'install',
    source: row.source as PluginSource,
    signingKeyId: row.signingKeyId || null,
    installedBy: row.installedBy,
    installedAt: row.installedAt,
  };
}
