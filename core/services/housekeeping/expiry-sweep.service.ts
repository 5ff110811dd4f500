import { ExpiredStateSweeper } from '../../ports/expired-state-sweeper.port';

/** One pass over every sweeper: what ended is deleted everywhere it is kept. */
export class ExpirySweep {
  constructor(private readonly sweepers: readonly ExpiredStateSweeper[]) {}

  async tick(now: Date): Promise<number> {
    let removed = 0;
    for (const sweeper of this.sweepers) removed += await sweeper.sweepExpired(now);
    return removed;
  }
}
