import { Envelope } from './dto/envelope.dto';

export function success<T>(data: T): Envelope<T> {
  return { code: 200, message: 'success', data };
}
