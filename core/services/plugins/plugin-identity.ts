import { JsonObject } from '../../shared/json';

/** The identifying fields of a manifest not yet validated: each one only when it is a string. */
export interface PluginIdentity {
  id?: string;
  version?: string;
  publisher?: string;
}

export function identityOf(manifest: JsonObject): PluginIdentity {
  const text = (field: string): string | undefined => {
    const value = Object.prototype.hasOwnProperty.call(manifest, field) ? manifest[field] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  return { id: text('id'), version: text('version'), publisher: text('publisher') };
}
