import { ConsumeMessage, Message, Options } from 'amqplib';
import { Job } from '../../../core/ports/job-queue.port';
import { JsonValue } from '../../../core/shared/json';

/** Header carrying the attempt number of the delivery a copy is published for. */
export const ATTEMPT_HEADER = 'x-attempt';
export const LAST_ERROR_HEADER = 'x-last-error';
const MAX_ERROR_LENGTH = 500;

export interface JobMessage {
  content: Buffer;
  options: Options.Publish;
}

export function encodeJob(job: Job, lastError?: string): JobMessage {
  return { content: Buffer.from(JSON.stringify(job.payload)), options: publishOptions(job, lastError) };
}

/** A copy of a delivered message for another attempt, keeping the payload bytes as they are. */
export function reencodeJob(message: ConsumeMessage, job: Job, lastError?: string): JobMessage {
  return { content: message.content, options: publishOptions(job, lastError) };
}

function publishOptions(job: Job, lastError?: string): Options.Publish {
  const headers: Record<string, string | number> = { [ATTEMPT_HEADER]: job.attempt };
  if (lastError !== undefined) headers[LAST_ERROR_HEADER] = lastError.slice(0, MAX_ERROR_LENGTH);
  return { messageId: job.id, type: job.type, contentType: 'application/json', headers };
}

/** The job a message carries, or undefined when it was not published by this adapter. */
export function decodeJob(message: Message, type: string): Job | undefined {
  const id: unknown = message.properties.messageId;
  if (typeof id !== 'string' || id === '') return undefined;
  try {
    const payload = JSON.parse(message.content.toString('utf8')) as JsonValue;
    return { id, type, payload, attempt: attemptOf(message) };
  } catch {
    return undefined;
  }
}

export function attemptOf(message: Message): number {
  const value: unknown = message.properties.headers?.[ATTEMPT_HEADER];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : 1;
}
