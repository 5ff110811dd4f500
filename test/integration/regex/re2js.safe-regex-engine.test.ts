import { Re2JsSafeRegexEngine } from '../../../adapters/regex/re2js-safe-regex-engine';
import { describeSafeRegexEngineContract } from '../ports/safe-regex-engine.contract';

describeSafeRegexEngineContract('Re2JsSafeRegexEngine', () => new Re2JsSafeRegexEngine());
