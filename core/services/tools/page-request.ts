import { FieldIssue } from '../../shared/domain-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageRequest } from '../../shared/pagination';

/** decisions.md: `page` from 1 (default 1), `page_size` 1–100 (default 20); the request with defaults applied, and what is wrong with it. */
export function checkPageRequest(page: number | undefined, pageSize: number | undefined): { request: PageRequest; issues: FieldIssue[] } {
  const request = { page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE };
  const issues: FieldIssue[] = [];
  if (!Number.isInteger(request.page) || request.page < 1) issues.push({ field: 'page', message: 'must be an integer of at least 1' });
  if (!Number.isInteger(request.pageSize) || request.pageSize < 1 || request.pageSize > MAX_PAGE_SIZE) {
    issues.push({ field: 'page_size', message: `must be an integer from 1 to ${MAX_PAGE_SIZE}` });
  }
  return { request, issues };
}
