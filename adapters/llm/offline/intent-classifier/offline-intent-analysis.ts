import { IntentAnalysisJson } from '../../../../core/domain/prompt/intent-analysis-json';
import { detectLanguage, PromptLanguage } from '../../../../core/domain/prompt/prompt-language';
import { IntentClassification, IntentClassifier } from './intent-classifier';
import { constraintsOf, expectedOutputOf, keyRequirementsOf, keywordsOf } from './request-details';
import { domainOf, subCategoryOf } from './subject-lexicon';

const MIN_CONFIDENCE = 0.3;
const MAX_CONFIDENCE = 0.97;

let shared: IntentClassifier | undefined;

/** Trained once, on first use (a few milliseconds). */
function sharedClassifier(): IntentClassifier {
  shared ??= new IntentClassifier();
  return shared;
}

/** The offline model's stage-one answer: a classifier's decision plus details read from the text. */
export function offlineIntentAnalysis(text: string, classifier: IntentClassifier = sharedClassifier()): IntentAnalysisJson {
  const language = detectLanguage(text);
  const result = classifier.classify(text);
  const [best, second] = result.ranking;
  return {
    core_intent: best.intent,
    sub_category: subCategoryOf(best.intent, text, language),
    domain: domainOf(best.intent, text, language),
    confidence: Math.round(Math.min(MAX_CONFIDENCE, Math.max(MIN_CONFIDENCE, best.probability)) * 100) / 100,
    disambiguation_note: note(result, language),
    alternative_intent: second.intent,
    key_requirements: keyRequirementsOf(text),
    expected_output: expectedOutputOf(best.intent, language),
    constraints: constraintsOf(text, language),
    keywords: keywordsOf(text, language),
  };
}

function note(result: IntentClassification, language: PromptLanguage): string {
  const [best, second] = result.ranking;
  const evidence = result.evidence.map((feature) => readable(feature, language)).filter((term, index, all) => all.indexOf(term) === index);
  const p = (value: number) => value.toFixed(2);
  if (language === 'zh') {
    const basis = evidence.length ? `主要依据：${evidence.map((e) => `“${e}”`).join('、')}` : '没有特别突出的特征';
    return `[离线模型] 朴素贝叶斯意图分类器判定为「${best.intent}」（概率 ${p(best.probability)}），${basis}；次选「${second.intent}」（概率 ${p(second.probability)}）。`;
  }
  const basis = evidence.length ? `mainly from ${evidence.map((e) => `"${e}"`).join(', ')}` : 'with no single stand-out feature';
  return `[offline model] A naive Bayes intent classifier chose ${best.intent} (probability ${p(best.probability)}), ${basis}; runner-up ${second.intent} (probability ${p(second.probability)}).`;
}

function readable(feature: string, language: PromptLanguage): string {
  const [kind, value] = [feature.slice(0, feature.indexOf(':')), feature.slice(feature.indexOf(':') + 1)];
  if (kind === 'cue') return language === 'zh' ? `${value}类提示词` : `${value} cue words`;
  if (kind === 'ww') return value.replace('_', ' ');
  return value;
}
