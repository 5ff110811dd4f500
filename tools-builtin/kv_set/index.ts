/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, kv } from 'kernel:api';

interface Input {
  key: string;
  value: Json;
  ttl_seconds?: number;
}

interface Output {
  key: string;
  stored: true;
  ttl_seconds: number | null;
}

export default async function kvSet(input: Input): Promise<Output> {
  await kv.set(input.key, input.value, input.ttl_seconds === undefined ? undefined : { ttlSeconds: input.ttl_seconds });
  return { key: input.key, stored: true, ttl_seconds: input.ttl_seconds ?? null };
}
