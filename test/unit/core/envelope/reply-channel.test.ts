import { ReplyChannel } from '../../../../core/services/envelope/reply-channel';

describe('ReplyChannel', () => {
  it('When items are pushed before and while the reader waits, Then it reads them in order and ends on close', async () => {
    const channel = new ReplyChannel<number>();
    channel.push(1);
    const read = (async () => {
      const seen: number[] = [];
      for await (const item of channel) seen.push(item);
      return seen;
    })();
    await new Promise((resolve) => setImmediate(resolve));
    channel.push(2);
    channel.push(3);
    channel.close();
    channel.push(4);
    expect(await read).toEqual([1, 2, 3]);
  });

  it('When the reader stops early, Then what is pushed afterwards is dropped, not kept', async () => {
    const channel = new ReplyChannel<number>();
    channel.push(1);
    channel.push(2);
    for await (const item of channel) {
      expect(item).toBe(1);
      break;
    }
    channel.push(3);
    channel.close();
    const rest: number[] = [];
    for await (const item of channel) rest.push(item);
    expect(rest).toEqual([]);
  });
});
