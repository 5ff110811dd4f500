/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { notify, ToolError } from 'kernel:api';

interface Input {
  to: string;
  subject: string;
  body: string;
}

interface Output {
  id: string;
}

export default async function sendEmail(input: Input): Promise<Output> {
  const receipt = await notify.send({ channel: 'email', to: input.to, title: input.subject, message: input.body });
  // The mail server refusing the message is the send failing, not an answer about it.
  if (!receipt.delivered) throw new ToolError('not_delivered', receipt.detail ?? 'The mail server did not accept the message.');
  return { id: receipt.id };
}
