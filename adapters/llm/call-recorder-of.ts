import { ResolutionContext } from 'inversify';
import { CLOCK, Clock } from '../../core/ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../core/ports/id-generator.port';
import { LLM_CALL_LOG, LlmCallLog } from '../../core/ports/llm-call-log.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { CallRecorder } from './recording-llm-provider';

/** What records LLM calls, when the container has a call log (a bare LLM container in a test may not). */
export function callRecorderOf(context: ResolutionContext): CallRecorder | undefined {
  const log = context.get<LlmCallLog>(LLM_CALL_LOG, { optional: true });
  const clock = context.get<Clock>(CLOCK, { optional: true });
  const ids = context.get<IdGenerator>(ID_GENERATOR, { optional: true });
  if (!log || !clock || !ids) return undefined;
  return { log, clock, ids, logger: context.get<Logger>(LOGGER, { optional: true }) };
}
