import { ContainerModule } from 'inversify';
import { VERSION_POLICY } from '../../core/ports/version-policy.port';
import { SemverVersionPolicy } from './semver-version-policy';

/** VERSION_POLICY: plugin version order (installs and updates) and manifest version and kernel-range checks (the kernel). */
export function versionPolicyModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VERSION_POLICY).toConstantValue(new SemverVersionPolicy());
  });
}
