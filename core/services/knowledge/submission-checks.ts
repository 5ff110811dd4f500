import { DocumentSubmission } from '../../domain/knowledge/document-submission';
import { KnowledgeDocumentTooLargeError } from '../../domain/knowledge/knowledge.errors';
import { documentIssues } from '../../domain/knowledge/knowledge.rules';
import { ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { KnowledgeSettings } from './knowledge-settings';

const MAX_URL_CHARS = 2048;

/** The title a document is listed under: the one given, else the file's name or the URL. */
export function submissionTitle(submission: DocumentSubmission): string {
  const given = submission.title?.trim();
  if (given) return given;
  if (submission.kind === 'file') return baseName(submission.filename).slice(0, 255);
  if (submission.kind === 'url') return submission.url.slice(0, 255);
  return '';
}

/** A client's path never reaches storage: only the last segment of a file name is kept. */
export function baseName(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'upload';
}

/** Every field problem of a submission; throws ValidationError, or too_large for an over-long text. */
export function checkSubmission(submission: DocumentSubmission, settings: KnowledgeSettings): void {
  const content = submission.kind === 'text' ? submission.content : 'x';
  const contentType = submission.kind === 'text' ? submission.contentType : undefined;
  const issues: FieldIssue[] = documentIssues({ title: submissionTitle(submission), content, contentType, metadata: submission.metadata });
  if (submission.kind === 'url') issues.push(...urlIssues(submission.url));
  if (submission.kind === 'file' && submission.bytes.length === 0) issues.push({ field: 'file', message: 'must not be empty' });
  if (issues.length > 0) throw new ValidationError('Invalid document', issues);
  if (submission.kind === 'text' && submission.content.length > settings.maxDocumentChars) {
    throw new KnowledgeDocumentTooLargeError(settings.maxDocumentChars);
  }
}

function urlIssues(url: string): FieldIssue[] {
  if (url.length > MAX_URL_CHARS) return [{ field: 'url', message: `must be at most ${MAX_URL_CHARS} characters` }];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [{ field: 'url', message: 'must be an absolute http or https URL' }];
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return [{ field: 'url', message: 'must be an absolute http or https URL' }];
  if (parsed.username || parsed.password) return [{ field: 'url', message: 'must not carry credentials' }];
  return [];
}
