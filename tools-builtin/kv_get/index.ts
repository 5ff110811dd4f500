/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, kv } from 'kernel:api';

interface Input {
  key: string;
}

interface Output {
  key: string;
  found: boolean;
  value: Json;
}

export default async function kvGet(input: Input): Promise<Output> {
  const value = await kv.get(input.key);
  // The store answers null for a missing or expired key; a stored null reads back the same way.
  return { key: input.key, found: value !== null, value };
}
