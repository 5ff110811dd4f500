import { SemverVersionPolicy } from '../../adapters/versions/semver-version-policy';
import { ManifestChecks } from '../../plugins/kernel/manifest/manifest-checks';
import { schemaValidator } from './untrusted-schemas';

/** The ports manifests are checked with, as the composition root binds them. */
export const manifestChecks: ManifestChecks = { schemas: schemaValidator, versions: new SemverVersionPolicy() };
