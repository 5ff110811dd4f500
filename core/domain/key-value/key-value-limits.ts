/** What one namespace of the key-value store may hold (KV_MAX_KEYS, KV_MAX_BYTES, KV_MAX_VALUE_BYTES). */
export interface KeyValueLimits {
  /** Entries per namespace, expired ones counted until they are swept. */
  maxKeys: number;
  /** UTF-8 bytes of every key plus its value's JSON text, per namespace. */
  maxBytes: number;
  /** UTF-8 bytes of one value's JSON text (a MySQL TEXT column holds 65535). */
  maxValueBytes: number;
}

/** Keys and namespaces are bounded before they reach storage (and fit its primary key). */
export const KEY_VALUE_MAX_KEY_CHARS = 256;
export const KEY_VALUE_MAX_NAMESPACE_CHARS = 255;
