import { checkBatchIds, MAX_BATCH_IDS } from '../../../../core/domain/batch/batch-ids';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('checkBatchIds', () => {
  it('When 1 to 100 distinct UUIDs are given, Then they come back in order, in lower case', () => {
    const upper = 'AAAAAAAA-0000-4000-8000-00000000000A';
    expect(checkBatchIds([id(2), upper, id(1)], 'ids')).toEqual({ ok: true, ids: [id(2), upper.toLowerCase(), id(1)] });
    expect(
      checkBatchIds(
        Array.from({ length: MAX_BATCH_IDS }, (_, n) => id(n)),
        'ids',
      ).ok,
    ).toBe(true);
  });

  it.each([[[]], [Array.from({ length: MAX_BATCH_IDS + 1 }, (_, n) => id(n))]])(
    'When %#: there are no ids or too many, Then the list itself is refused',
    (ids) => {
      expect(checkBatchIds(ids, 'ids')).toEqual({ ok: false, issues: [{ field: 'ids', message: 'must hold 1 to 100 ids' }] });
    },
  );

  it('When ids are not UUIDs or repeat one (in any letter case), Then each such id is named by its index', () => {
    expect(checkBatchIds([id(1), 'x', id(1).toUpperCase(), `${id(2)} `, id(1)], 'ids')).toEqual({
      ok: false,
      issues: [
        { field: 'ids[1]', message: 'must be a UUID' },
        { field: 'ids[2]', message: 'repeats ids[0]' },
        { field: 'ids[3]', message: 'must be a UUID' },
        { field: 'ids[4]', message: 'repeats ids[0]' },
      ],
    });
  });
});
