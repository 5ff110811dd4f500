import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ChannelModel, connect } from 'amqplib';
import { RabbitMqTopology } from '../../../adapters/queue/rabbitmq/rabbitmq-topology';
import { Job } from '../../../core/ports/job-queue.port';
import { describeWithEnv } from '../../support/infrastructure';
import { makeRabbitMqSubject } from './rabbitmq-subject';

const SETTINGS = { maxAttempts: 3, retryBaseMs: 20, prefetch: 2 };

describeWithEnv('AMQP_URL', 'RabbitMqJobQueue reliability', (url) => {
  let broker: ChannelModel;
  let cleanups: Array<() => Promise<void>>;

  beforeAll(async () => {
    broker = await connect(url);
  });
  afterAll(() => broker.close());
  beforeEach(() => {
    cleanups = [];
  });
  afterEach(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function arrange(extra = {}) {
    const subject = await makeRabbitMqSubject(url, SETTINGS, extra);
    cleanups.push(subject.dispose);
    return { ...subject, topology: new RabbitMqTopology(subject.prefix) };
  }

  it('When a job is published, Then it sits in the durable work queue as a persistent message carrying id and attempt', async () => {
    const { queue, topology } = await arrange();
    const id = await queue.publish('stored', { a: 1 });
    const channel = await broker.createChannel();

    const message = await channel.get(topology.workQueue('stored'), { noAck: true });
    await channel.close();

    expect(message).not.toBe(false);
    if (!message) return;
    expect(message.properties.deliveryMode).toBe(2);
    expect(message.properties.messageId).toBe(id);
    expect(message.properties.headers?.['x-attempt']).toBe(1);
    expect(JSON.parse(message.content.toString())).toEqual({ a: 1 });
  });

  it('When the work queue vanished under the publisher, Then that publish is rejected and the next one declares it again', async () => {
    const { queue, topology } = await arrange();
    await queue.publish('vanishing', 'first');
    const channel = await broker.createChannel();
    await channel.deleteQueue(topology.workQueue('vanishing'));
    await channel.close();

    await expect(queue.publish('vanishing', 'lost')).rejects.toThrow(/unroutable/);
    await queue.publish('vanishing', 'kept');

    const seen: unknown[] = [];
    await queue.consume('vanishing', async (job) => void seen.push(job.payload));
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['kept']);
  });

  it('When a message this adapter cannot read arrives, Then it goes straight to the dead-letter queue', async () => {
    const { queue, topology } = await arrange();
    const handled: Job[] = [];
    await queue.consume('foreign', async (job) => void handled.push(job));
    const channel = await broker.createConfirmChannel();
    channel.sendToQueue(topology.workQueue('foreign'), Buffer.from('not json'), { messageId: 'raw-1' });
    await channel.waitForConfirms();
    await channel.close();

    await waitFor(async () => (await queue.deadLetters('foreign')).length === 1);

    expect(handled).toEqual([]);
    expect(await queue.deadLetters('foreign')).toEqual([{ id: 'raw-1', type: 'foreign', payload: 'not json', attempt: 1 }]);
  });

  it('When the broker connection drops, Then consuming resumes, and the job that was in hand is delivered again', async () => {
    const models: ChannelModel[] = [];
    const { queue } = await arrange({
      connect: async (target: string) => {
        const model = await connect(target);
        models.push(model);
        return model;
      },
    });
    const gate = deferred();
    const seen: Array<[unknown, number]> = [];
    await queue.consume('resilient', async (job) => {
      seen.push([job.payload, job.attempt]);
      if (job.payload === 'in hand' && job.attempt === 1) await gate.promise;
    });
    await queue.publish('resilient', 'in hand');
    await waitFor(() => seen.length === 1);

    dropConnection(models[0]);
    await sleep(100);
    gate.resolve();
    await queue.publish('resilient', 'after the drop');

    await waitFor(() => seen.length === 3);
    expect(models.length).toBe(2);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['in hand', 1],
        ['in hand', 2],
        ['after the drop', 1],
      ]),
    );
    expect(seen).toHaveLength(3);
  });
});

/** Breaks the TCP connection under amqplib, as a network failure would. */
function dropConnection(model: ChannelModel): void {
  (model as unknown as { connection: { stream: Socket } }).connection.stream.destroy(new Error('simulated network failure'));
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
