import { intentAnalysisToJson } from '../../../core/domain/prompt/intent-analysis-json';
import { PromptOptimization } from '../../../core/services/prompt/prompt-optimizer.service';
import { PromptIntent, PromptOptimizeData } from '../dto/prompt-optimize.dto';

export function toPromptOptimizeData(result: PromptOptimization): PromptOptimizeData {
  const analysis = intentAnalysisToJson(result.intentAnalysis);
  return {
    intent_analysis: {
      ...analysis,
      core_intent: result.intentAnalysis.coreIntent as PromptIntent,
      alternative_intent: result.intentAnalysis.alternativeIntent as PromptIntent,
    },
    optimized_prompt: result.optimizedPrompt,
    usage: { api_calls: result.usage.apiCalls, prompt_length: result.usage.promptLength },
  };
}
