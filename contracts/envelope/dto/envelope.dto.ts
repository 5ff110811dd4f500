/** Every envelope-contract response, errors included. */
export interface Envelope<T> {
  /** 200 on success, otherwise an error code such as 40000, 40100, 40400. */
  code: number;
  message: string;
  data: T | null;
}

export interface EnvelopeHealthResponse {
  status: 'ok';
  version: string;
  /** ISO 8601 UTC */
  timestamp: string;
}
