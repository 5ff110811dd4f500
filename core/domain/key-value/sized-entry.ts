import { JsonValue } from '../../shared/json';
import { utf8Length } from '../../shared/utf8-length';
import { KEY_VALUE_MAX_KEY_CHARS, KEY_VALUE_MAX_NAMESPACE_CHARS, KeyValueLimits } from './key-value-limits';
import { KeyValueInvalidKeyError, KeyValueTooLargeError } from './key-value.errors';

/** A value ready to store: its JSON text and what the entry counts against its namespace's bytes. */
export interface SizedEntry {
  json: string;
  /** UTF-8 bytes of the key plus those of the JSON text. */
  bytes: number;
}

/** Checks the key and the value's size, the same way in every store. */
export function sizeEntry(namespace: string, key: string, value: JsonValue, limits: KeyValueLimits): SizedEntry {
  assertKey(namespace, key);
  const json = JSON.stringify(value);
  const valueBytes = utf8Length(json);
  if (valueBytes > limits.maxValueBytes) throw new KeyValueTooLargeError(valueBytes, limits.maxValueBytes);
  return { json, bytes: utf8Length(key) + valueBytes };
}

export function assertKey(namespace: string, key: string): void {
  if (namespace.length === 0 || namespace.length > KEY_VALUE_MAX_NAMESPACE_CHARS) {
    throw new KeyValueInvalidKeyError(`Namespaces are 1 to ${KEY_VALUE_MAX_NAMESPACE_CHARS} characters`);
  }
  if (key.length === 0 || key.length > KEY_VALUE_MAX_KEY_CHARS) throw new KeyValueInvalidKeyError(`Keys are 1 to ${KEY_VALUE_MAX_KEY_CHARS} characters`);
}
