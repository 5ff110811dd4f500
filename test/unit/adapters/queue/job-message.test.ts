import { ConsumeMessage } from 'amqplib';
import { decodeJob, encodeJob, reencodeJob } from '../../../../adapters/queue/rabbitmq/job-message';
import { RabbitMqTopology } from '../../../../adapters/queue/rabbitmq/rabbitmq-topology';

function delivered(content: Buffer, properties: Partial<ConsumeMessage['properties']>): ConsumeMessage {
  return { content, fields: {} as ConsumeMessage['fields'], properties: properties as ConsumeMessage['properties'] };
}

describe('RabbitMQ job messages', () => {
  it('When a job is encoded and decoded, Then id, payload and attempt survive', () => {
    const job = { id: 'j-1', type: 'ingest', payload: { doc: 'é', n: [1, 2] }, attempt: 3 };

    const { content, options } = encodeJob(job);

    expect(options).toEqual({ messageId: 'j-1', type: 'ingest', contentType: 'application/json', headers: { 'x-attempt': 3 } });
    expect(decodeJob(delivered(content, options), 'ingest')).toEqual(job);
  });

  it('When a copy is made for the next attempt, Then the payload bytes are kept and the reason is truncated', () => {
    const original = delivered(Buffer.from('{"a":1}'), { messageId: 'j-2', headers: { 'x-attempt': 1 } });

    const copy = reencodeJob(original, { id: 'j-2', type: 't', payload: { a: 1 }, attempt: 2 }, 'x'.repeat(2000));

    expect(copy.content).toBe(original.content);
    expect(copy.options.headers).toEqual({ 'x-attempt': 2, 'x-last-error': 'x'.repeat(500) });
  });

  it('When a message lacks an id or valid JSON, Then it is not a job', () => {
    expect(decodeJob(delivered(Buffer.from('{}'), {}), 't')).toBeUndefined();
    expect(decodeJob(delivered(Buffer.from('nope'), { messageId: 'x' }), 't')).toBeUndefined();
  });

  it('When the attempt header is missing or nonsense, Then the attempt is 1', () => {
    expect(decodeJob(delivered(Buffer.from('1'), { messageId: 'x', headers: { 'x-attempt': 'two' } }), 't')?.attempt).toBe(1);
    expect(decodeJob(delivered(Buffer.from('1'), { messageId: 'x' }), 't')?.attempt).toBe(1);
  });
});

describe('RabbitMqTopology', () => {
  const topology = new RabbitMqTopology('app');

  it('When naming queues, Then they are <prefix>.<type>, .dead and .retry.<delay>ms', () => {
    expect(topology.workQueue('goal.run')).toBe('app.goal.run');
    expect(topology.deadQueue('goal.run')).toBe('app.goal.run.dead');
    expect(topology.retryQueue('goal.run', 2000)).toBe('app.goal.run.retry.2000ms');
  });

  it('When declaring a delay queue, Then expired messages go back to the work queue', () => {
    expect(topology.retryQueueOptions('t', 500)).toEqual({
      durable: true,
      arguments: { 'x-message-ttl': 500, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'app.t' },
    });
  });

  it('When a job type has characters a queue name should not, Then it is refused', () => {
    expect(() => topology.workQueue('bad type')).toThrow('invalid job type');
    expect(() => topology.workQueue('')).toThrow('invalid job type');
  });
});
