import { IntentAnalysis } from './intent-analysis';

/** The analysis under the field names of prompt-api.md, which are also what the model is asked for. */
export interface IntentAnalysisJson {
  core_intent: string;
  sub_category: string;
  domain: string;
  confidence: number;
  disambiguation_note: string;
  alternative_intent: string;
  key_requirements: string[];
  expected_output: string;
  constraints: string[];
  keywords: string[];
}

export function intentAnalysisToJson(analysis: IntentAnalysis): IntentAnalysisJson {
  return {
    core_intent: analysis.coreIntent,
    sub_category: analysis.subCategory,
    domain: analysis.domain,
    confidence: analysis.confidence,
    disambiguation_note: analysis.disambiguationNote,
    alternative_intent: analysis.alternativeIntent,
    key_requirements: [...analysis.keyRequirements],
    expected_output: analysis.expectedOutput,
    constraints: [...analysis.constraints],
    keywords: [...analysis.keywords],
  };
}
