/** Error body of the prompt contract: `code` is the HTTP status. */
export interface PromptErrorResponse {
  code: number;
  message: string;
  data: null;
}

export interface PromptHealthResponse {
  status: 'ok';
  version: string;
}
