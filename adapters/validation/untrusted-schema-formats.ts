import type { FormatName } from 'ajv-formats';

/**
 * The `format` values an untrusted schema may use: ajv-formats' full set but `url`, a deprecated
 * non-standard format whose regular expression takes quadratic time (20,000 characters hold the
 * event loop for seconds). `uri` checks the same strings in linear time.
 */
export const UNTRUSTED_SCHEMA_FORMATS: ReadonlyArray<FormatName> = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
];
