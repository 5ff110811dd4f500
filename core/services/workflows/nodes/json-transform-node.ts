import { MAX_JSON_PATH_CHARS } from '../../../domain/workflow/json-path';
import { JsonPathQuery } from '../../../ports/json-path-query.port';
import { JsonObject } from '../../../shared/json';
import { objectField } from './node-config';
import { configObject } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';
import { defineKey, jsonPathDocument } from './json-path-document';

/**
 * Builds an object from the run's values: each key of `mapping` takes what its JSONPath selects
 * (`{"ids": "$.fetch.output.items[*].id"}`): one value, an array for a path that can match
 * several, null for no match. A refused path fails the node (`json_path.refused`).
 */
export class JsonTransformNode implements NodeType {
  readonly type = 'json_transform';
  readonly configSchema = configObject(
    {
      mapping: {
        type: 'object',
        minProperties: 1,
        maxProperties: 50,
        propertyNames: { minLength: 1, maxLength: 64 },
        additionalProperties: { type: 'string', minLength: 1, maxLength: MAX_JSON_PATH_CHARS, pattern: '^\\$' },
      },
    },
    ['mapping'],
  );

  constructor(private readonly paths: JsonPathQuery) {}

  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const mapping = Object.entries(objectField(config, 'mapping'));
    if (mapping.length === 0) throw new NodeFailure('workflow.invalid_node', 'The mapping must name at least one key');
    const document = jsonPathDocument(scope);
    const output: JsonObject = {};
    for (const [key, path] of mapping) {
      if (typeof path !== 'string') throw new NodeFailure('workflow.invalid_node', `The mapping of "${key.slice(0, 64)}" must be a JSONPath string`);
      defineKey(output, key, this.paths.select(path, document));
    }
    return { output };
  }
}
