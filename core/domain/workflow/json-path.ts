import { DomainError } from '../../shared/domain-error';

/** Longest JSONPath expression a workflow may hold. */
export const MAX_JSON_PATH_CHARS = 500;

/** A JSONPath expression that is malformed, or whose cost could not be bounded (a filter, a script, too many fan-outs). */
export class JsonPathRefusedError extends DomainError {
  readonly code = 'json_path.refused';
  constructor(path: string, reason: string) {
    super(`The JSONPath "${path.slice(0, 100)}" is refused: ${reason}`);
  }
}
