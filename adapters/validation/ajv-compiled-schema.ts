import { ValidateFunction } from 'ajv';
import { CompiledSchema } from '../../core/ports/json-schema-validator.port';
import { FieldIssue } from '../../core/shared/domain-error';
import { JsonValue } from '../../core/shared/json';
import { issuesOf } from './ajv-field-issues';
import { ValuePosition } from './untrusted-schema-cost-model';
import { MAX_VALIDATION_COST } from './untrusted-schema-limits';
import { validationCost } from './validation-cost';

/** An untrusted schema compiled by Ajv: each value is priced first and checked only when the price is bounded. */
export class AjvCompiledSchema implements CompiledSchema {
  constructor(
    private readonly check: ValidateFunction,
    private readonly costModel: ValuePosition,
  ) {}

  validate(value: JsonValue): FieldIssue[] {
    if (validationCost(value, this.costModel, MAX_VALIDATION_COST) > MAX_VALIDATION_COST) {
      return [{ field: '', message: 'is too large to be checked against this schema in bounded time' }];
    }
    try {
      return this.check(value) ? [] : issuesOf(this.check.errors, '');
    } catch (error) {
      // A recursive schema walks as deep as the value: a value nested deeper than the stack allows.
      if (error instanceof RangeError) return [{ field: '', message: 'is nested too deeply to be checked' }];
      throw error;
    }
  }
}
