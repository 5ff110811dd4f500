import { JsonSchemaValidator } from '../../../core/ports/json-schema-validator.port';
import { VersionPolicy } from '../../../core/ports/version-policy.port';

/** The core's ports a manifest is checked with: its tool schemas compiled, its version and kernel range read. */
export interface ManifestChecks {
  schemas: JsonSchemaValidator;
  versions: VersionPolicy;
}
