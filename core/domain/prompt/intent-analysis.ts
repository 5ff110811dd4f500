import { Intent } from './intent';

/** Stage one's answer: what the input asks for, with the basis of the decision. */
export interface IntentAnalysis {
  coreIntent: Intent;
  subCategory: string;
  domain: string;
  /** In [0, 1]; 0.85 or more counts as high confidence. */
  confidence: number;
  disambiguationNote: string;
  /** The second-best class; never equal to `coreIntent`. */
  alternativeIntent: Intent;
  keyRequirements: string[];
  expectedOutput: string;
  constraints: string[];
  keywords: string[];
}

export const HIGH_CONFIDENCE = 0.85;
