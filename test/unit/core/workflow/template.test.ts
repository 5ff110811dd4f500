import { renderTemplate, renderTemplateValue, TemplateScope } from '../../../../core/domain/workflow/template';
import { TemplateTooLargeError } from '../../../../core/domain/workflow/workflow.errors';
import { JsonValue } from '../../../../core/shared/json';

function scope(overrides: Partial<TemplateScope> = {}): TemplateScope {
  return {
    input: { city: 'Oslo', trip: { days: 3, tags: ['a', 'b'] }, empty: null, flag: false },
    outputs: new Map<string, JsonValue>([
      ['ask', 'It is cold'],
      ['calc', { value: 42, parts: [1, 2] }],
    ]),
    last: 'previous text',
    ...overrides,
  };
}

describe('renderTemplate', () => {
  it('When placeholders name the input, node outputs and the predecessor, Then their values are put in as text', () => {
    const text = renderTemplate('{{input.city}} for {{ input.trip.days }} days; {{nodes.ask.output}}; {{nodes.calc.output.value}}; {{last}}', scope());
    expect(text).toBe('Oslo for 3 days; It is cold; 42; previous text');
  });

  it('When a placeholder names an object or array, Then it renders as JSON', () => {
    expect(renderTemplate('{{input.trip}}', scope())).toBe('{"days":3,"tags":["a","b"]}');
    expect(renderTemplate('{{nodes.calc.output.parts}}', scope())).toBe('[1,2]');
    expect(renderTemplate('{{input}}', scope({ input: 'plain' }))).toBe('plain');
  });

  it('When a path indexes an array, Then the item is used', () => {
    expect(renderTemplate('{{input.trip.tags.1}}|{{input.trip.tags.9}}|{{input.trip.tags.x}}', scope())).toBe('b||');
  });

  it('When a path names nothing, Then it renders as the empty string', () => {
    const text = renderTemplate('[{{input.nope}}][{{nodes.ghost.output}}][{{nodes.ask}}][{{nodes.ask.result}}][{{other}}][{{input.city.x}}]', scope());
    expect(text).toBe('[][][][][][]');
  });

  it('When a value is null or false, Then null is empty and false is written out', () => {
    expect(renderTemplate('[{{input.empty}}][{{input.flag}}]', scope())).toBe('[][false]');
    expect(renderTemplate('[{{last}}]', scope({ last: null }))).toBe('[]');
  });

  it('When braces hold something that is not a path, Then the text is left as written (no expressions)', () => {
    const text = '{{ input.city + 1 }} {{constructor.constructor("x")()}} {{}} {input.city}';
    expect(renderTemplate(text, scope())).toBe(text);
  });

  it('When a path names a prototype member, Then nothing is reached', () => {
    expect(renderTemplate('[{{input.constructor}}][{{input.__proto__}}][{{input.city.length}}][{{input.trip.tags.length}}]', scope())).toBe('[][][][]');
  });

  it('When a value itself contains a placeholder, Then it is not expanded again', () => {
    expect(renderTemplate('{{last}}', scope({ last: '{{input.city}}' }))).toBe('{{input.city}}');
  });

  it('When the rendering would exceed the limit, Then it is refused', () => {
    const big = scope({ input: 'x'.repeat(1000) });
    expect(renderTemplate('{{input}}{{input}}', big, 2000)).toHaveLength(2000);
    expect(() => renderTemplate('{{input}}{{input}}!', big, 2000)).toThrow(TemplateTooLargeError);
    expect(() => renderTemplate('{{input}}'.repeat(2000), scope({ input: 'x'.repeat(1000) }))).toThrow(TemplateTooLargeError);
  });
});

describe('renderTemplateValue', () => {
  it('When a string is exactly one placeholder, Then the value keeps its JSON type', () => {
    const args = renderTemplateValue(
      {
        n: '{{input.trip.days}}',
        obj: '{{nodes.calc.output}}',
        text: 'days={{input.trip.days}}',
        missing: '{{input.nope}}',
        fixed: 7,
        list: ['{{input.city}}', true],
      },
      scope(),
    );
    expect(args).toEqual({ n: 3, obj: { value: 42, parts: [1, 2] }, text: 'days=3', missing: '', fixed: 7, list: ['Oslo', true] });
  });

  it('When a key is __proto__, Then it stays an ordinary key and no prototype changes', () => {
    const template = JSON.parse('{"__proto__": {"polluted": "{{input.city}}"}}') as JsonValue;
    const rendered = renderTemplateValue(template, scope()) as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(rendered, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(rendered)).toBe('{"__proto__":{"polluted":"Oslo"}}');
  });
});
