import { SemverVersionPolicy } from '../../../adapters/versions/semver-version-policy';
import { describeVersionPolicyContract } from '../ports/version-policy.contract';

describeVersionPolicyContract('SemverVersionPolicy', () => new SemverVersionPolicy());
