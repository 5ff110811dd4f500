import { ValidationError } from '../../shared/common.errors';
import { PageRequest } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';

/** The page asked for, with defaults; a ValidationError naming `page` or `page_size` when out of range. */
export function checkedPage(page: Partial<PageRequest>): PageRequest {
  const { request, issues } = checkPageRequest(page.page, page.pageSize);
  if (issues.length > 0) throw new ValidationError('Invalid pagination', issues);
  return request;
}
