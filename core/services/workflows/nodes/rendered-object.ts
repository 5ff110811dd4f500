import { renderTemplateValue, TemplateScope } from '../../../domain/workflow/template';
import { JsonObject } from '../../../shared/json';
import { objectField } from './node-config';

/** The object under `key` with every string leaf rendered; keys stay as written. `{}` when absent. */
export function renderedObject(config: JsonObject, key: string, scope: TemplateScope): JsonObject {
  return renderTemplateValue(objectField(config, key), scope) as JsonObject;
}
