import { token } from '../shared/token';

export type LogFields = Record<string, unknown>;

/** Structured logging; messages are constant strings, variable data goes in fields. */
export interface Logger {
  debug(fields: LogFields, message: string): void;
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

export const LOGGER = token<Logger>('Logger');
