export interface HealthResponse {
  status: 'ok';
  version: string;
  builtin_tools: { count: number; ready: boolean };
}
