import { INTENTS, Intent, normalizeIntent } from '../../../../core/domain/prompt/intent';
import { detectLanguage } from '../../../../core/domain/prompt/prompt-language';
import { JsonValue } from '../../../../core/shared/json';
import { offlineIntentAnalysis } from '../intent-classifier/offline-intent-analysis';
import { TEMPLATE_TEXT } from './prompt-template-text';

export interface PromptMaterial {
  inputText: string;
  /** Stage one's analysis as sent; any field may be missing. */
  analysis?: { [key: string]: JsonValue };
}

/**
 * The offline model's stage-two answer: a Markdown prompt with role, context, task,
 * requirements, constraints, output format and (for code and creative work) an example,
 * in the input's language, filled in from the intent analysis.
 */
export function offlinePromptFor(material: PromptMaterial): string {
  const language = detectLanguage(material.inputText);
  const analysis = material.analysis ?? { ...offlineIntentAnalysis(material.inputText) };
  const intent: Intent = normalizeIntent(analysis.core_intent) ?? INTENTS[0];
  const text = TEMPLATE_TEXT[intent][language];
  const domain = stringOr(analysis.domain, language === 'zh' ? '通用' : 'General');
  const subCategory = stringOr(analysis.sub_category, language === 'zh' ? '通用' : 'General');
  const requirements = strings(analysis.key_requirements);
  const constraints = [...strings(analysis.constraints), text.fallbackConstraint];
  const expected = stringOr(analysis.expected_output, '');
  const h = text.headings;

  const sections = [
    text.disclosure,
    `# ${h.role}\n${text.role(domain)}`,
    `# ${h.context}\n${text.context(subCategory, domain)}\n\n${quote(material.inputText)}`,
    `# ${h.task}\n${text.steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
    requirements.length ? `# ${h.requirements}\n${bullets(requirements)}\n- ${text.missingInfo}` : undefined,
    `# ${h.constraints}\n${bullets(constraints)}`,
    `# ${h.output}\n${expected ? `${expected}${language === 'zh' ? '。' : '.'}\n\n` : ''}${text.output.map((line, index) => `${index + 1}. ${line}`).join('\n')}`,
    text.example ? `# ${h.examples}\n${text.example}` : undefined,
  ];
  return sections.filter((section): section is string => section !== undefined).join('\n\n');
}

function quote(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

function bullets(items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

function stringOr(value: JsonValue | undefined, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}
