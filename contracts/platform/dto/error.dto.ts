export interface ErrorResponse {
  /** Machine-readable code: bad_request, unauthorized, forbidden, not_found, conflict, validation_error, … */
  error: string;
  message: string;
  details?: { field: string; message: string }[];
}
