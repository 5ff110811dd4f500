import { ValidationError } from '../../shared/common.errors';

/**
 * The name an upload is stored under, from the name the client sent: only its last part (after
 * any `/` or `\`: browsers may send a whole local path), NFC-normalised and trimmed. The
 * workspace path rules then check it like any other path.
 */
export function uploadFileName(clientName: string): string {
  const base = clientName.split(/[/\\]/).pop() ?? '';
  const name = base.normalize('NFC').trim();
  if (name === '' || name === '.' || name === '..') {
    throw new ValidationError('The file has no usable name', [{ field: 'file', message: 'must carry a file name such as "notes.txt"' }]);
  }
  return name;
}
