import { cleanOptimizedPrompt } from '../../../../core/domain/prompt/optimized-prompt';
import { characterCount, inputTextIssues } from '../../../../core/domain/prompt/prompt-input';
import { detectLanguage } from '../../../../core/domain/prompt/prompt-language';

describe('cleanOptimizedPrompt', () => {
  it.each([
    ['```markdown\n# Role\nYou are…\n```', '# Role\nYou are…'],
    ['```md\n# 角色\n```', '# 角色'],
    ['```\n# Role\n```', '# Role'],
    ['  # Role\n\n```python\nprint(1)\n```\n', '# Role\n\n```python\nprint(1)\n```'],
  ])('When the answer is %j, Then the prompt is %j', (answer, expected) => {
    expect(cleanOptimizedPrompt(answer)).toBe(expected);
  });
});

describe('input_text rules', () => {
  it('counts characters as code points', () => {
    expect(characterCount('😀分析')).toBe(3);
  });

  it.each([
    ['9 characters is invalid', '123456789', false],
    ['10 characters is valid', '1234567890', true],
    ['8 characters padded with blanks is invalid', '   12345678   ', false],
    ['10 emoji is valid', '😀'.repeat(10), true],
    ['8,000 characters is valid', 'x'.repeat(8000), true],
    ['8,001 characters is invalid', 'x'.repeat(8001), false],
  ])('%s', (_case, text, valid) => {
    expect(inputTextIssues(text).length === 0).toBe(valid);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['帮我写一个Python脚本', 'zh'],
    ['用 React 和 TypeScript 写一个 todo list 组件', 'zh'],
    ['Write a poem about the sea', 'en'],
    ['Translate 你好 into French, keep the tone formal and polite please', 'en'],
  ])('%j is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
