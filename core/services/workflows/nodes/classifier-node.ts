import { renderTemplate } from '../../../domain/workflow/template';
import { JsonObject, JsonValue } from '../../../shared/json';
import { textField } from './node-config';
import { configObject, MODEL_FIELD, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';
import { CLASSIFIER_TASK, ClassifierClass, classifierMessages } from './classifier-prompt';
import { ModelJsonCall } from './model-json-call';

const MAX_REASON_CHARS = 500;

/**
 * One model call puts the rendered `input` into one of `classes`; the chosen label is the output's
 * `label` and the node's branch. A reply naming no class takes `default_class`, or fails the node.
 */
export class ClassifierNode implements NodeType {
  readonly type = 'classifier';
  readonly configSchema = configObject(
    {
      input: templateField(1),
      classes: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: configObject({ label: { type: 'string', minLength: 1, maxLength: 64 }, description: { type: 'string', maxLength: 1000 } }, ['label']),
      },
      default_class: { type: 'string', minLength: 1, maxLength: 64 },
      instructions: templateField(),
      model: MODEL_FIELD,
    },
    ['input', 'classes'],
  );

  constructor(private readonly model: ModelJsonCall) {}

  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const { config, scope } = context;
    const classes = classesOf(config);
    const fallback = textField(config, 'default_class');
    if (classes.length === 0 || (fallback !== undefined && !classes.some((item) => item.label === fallback))) {
      throw new NodeFailure('workflow.invalid_node', 'The classifier needs classes, and its default_class must be one of them');
    }
    const input = renderTemplate(textField(config, 'input') ?? '', scope);
    const instructions = renderTemplate(textField(config, 'instructions') ?? '', scope);
    const reply = await this.model.ask(classifierMessages(classes, input, instructions), CLASSIFIER_TASK, textField(config, 'model'), context);
    const label = labelIn(reply.object?.label ?? reply.content, classes) ?? fallback;
    if (label === undefined) throw new NodeFailure('workflow.unclassified', 'The model named none of the classes', reply.usage);
    const reason = typeof reply.object?.reason === 'string' ? reply.object.reason.trim().slice(0, MAX_REASON_CHARS) : '';
    const output: JsonObject = reason === '' ? { label } : { label, reason };
    return { output, branch: label, tokenUsage: reply.usage };
  }
}

function classesOf(config: JsonObject): ClassifierClass[] {
  const classes = Array.isArray(config.classes) ? config.classes : [];
  return classes.flatMap((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item) || typeof item.label !== 'string') return [];
    return [{ label: item.label, description: typeof item.description === 'string' ? item.description : undefined }];
  });
}

/** The class the reply names: exactly, or ignoring case and surrounding quotes or spaces. */
function labelIn(named: JsonValue, classes: ReadonlyArray<ClassifierClass>): string | undefined {
  if (typeof named !== 'string') return undefined;
  const exact = classes.find((item) => item.label === named);
  if (exact) return exact.label;
  const wanted = named
    .trim()
    .replace(/^["'`]+|["'`.]+$/g, '')
    .toLowerCase();
  return classes.find((item) => item.label.toLowerCase() === wanted)?.label;
}
