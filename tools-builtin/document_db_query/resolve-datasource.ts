/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { DatasourceSummary } from 'kernel:api';

/**
 * The data source a caller means: its id, its exact name, or a name differing only in case
 * when exactly one matches. Otherwise the error lists what there is, so the model can retry.
 */
export function resolveDatasource(items: DatasourceSummary[], wanted: string): DatasourceSummary {
  const exact = items.find((item) => item.id === wanted || item.name === wanted);
  if (exact) return exact;
  const folded = items.filter((item) => item.name.toLowerCase() === wanted.toLowerCase());
  if (folded.length === 1) return folded[0];
  const available = items.map((item) => `"${item.name}" (${item.type})`).join(', ');
  throw new Error(`No data source "${wanted}". ${available ? `Available: ${available}.` : 'The user has no data sources.'}`);
}
