/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, notify } from 'kernel:api';

interface Input {
  message: string;
  title?: string;
  data?: { [key: string]: Json };
}

interface Output {
  id: string;
  delivered: boolean;
}

export default async function notifyUser(input: Input): Promise<Output> {
  const receipt = await notify.send({ channel: 'in_app', title: input.title, message: input.message, data: input.data });
  return { id: receipt.id, delivered: receipt.delivered };
}
