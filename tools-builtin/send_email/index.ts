/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { notify } from 'kernel:api';

interface Input {
  to: string;
  subject: string;
  body: string;
}

interface Output {
  id: string;
  delivered: boolean;
  detail: string | null;
}

export default async function sendEmail(input: Input): Promise<Output> {
  const receipt = await notify.send({ channel: 'email', to: input.to, title: input.subject, message: input.body });
  return { id: receipt.id, delivered: receipt.delivered, detail: receipt.detail ?? null };
}
