import { MAX_RETRY_DELAY_MS, nextStep } from '../../../../adapters/queue/rabbitmq/next-step';

describe('nextStep (RabbitMQ retry policy)', () => {
  it('When attempts remain, Then the next one follows after base × 2^(attempt−1)', () => {
    expect(nextStep(1, 5, 1000)).toEqual({ kind: 'retry', attempt: 2, delayMs: 1000 });
    expect(nextStep(2, 5, 1000)).toEqual({ kind: 'retry', attempt: 3, delayMs: 2000 });
    expect(nextStep(4, 5, 1000)).toEqual({ kind: 'retry', attempt: 5, delayMs: 8000 });
  });

  it('When the failed attempt was the last allowed, Then the job is dead', () => {
    expect(nextStep(5, 5, 1000)).toEqual({ kind: 'dead' });
    expect(nextStep(7, 5, 1000)).toEqual({ kind: 'dead' });
    expect(nextStep(1, 1, 1000)).toEqual({ kind: 'dead' });
  });

  it('When the back-off would grow past an hour, Then it is capped, which bounds the number of delay queues', () => {
    expect(nextStep(30, 100, 1000)).toEqual({ kind: 'retry', attempt: 31, delayMs: MAX_RETRY_DELAY_MS });
  });

  it('When the base is 0, Then retries are immediate', () => {
    expect(nextStep(3, 5, 0)).toEqual({ kind: 'retry', attempt: 4, delayMs: 0 });
  });
});
