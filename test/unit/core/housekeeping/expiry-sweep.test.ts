import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { ExpirySweep } from '../../../../core/services/housekeeping/expiry-sweep.service';

describe('ExpirySweep', () => {
  it('When it ticks, Then every sweeper is asked with the same instant and the removed counts add up', async () => {
    const asked: Date[] = [];
    const sweeper = (removed: number): ExpiredStateSweeper => ({
      sweepExpired: async (now) => {
        asked.push(now);
        return removed;
      },
    });
    const now = new Date('2030-01-01T00:00:00Z');

    const removed = await new ExpirySweep([sweeper(2), sweeper(0), sweeper(5)]).tick(now);

    expect(removed).toBe(7);
    expect(asked).toEqual([now, now, now]);
  });
});
