import { checkDataSourceSpec } from '../../../../core/domain/data-source/data-source-spec';

describe('checkDataSourceSpec', () => {
  it('When a MySQL source is described, Then the defaults are filled and the password is kept apart', () => {
    expect(
      checkDataSourceSpec({ name: ' Shop ', type: 'mysql', config: { host: 'db.example.com', database: 'shop', user: 'reader' }, password: 'pw' }),
    ).toEqual({
      ok: true,
      value: { name: 'Shop', type: 'mysql', config: { host: 'db.example.com', port: 3306, database: 'shop', user: 'reader', ssl: false }, password: 'pw' },
    });
  });

  it('When an IPv6 host is bracketed, Then the brackets are dropped', () => {
    expect(checkDataSourceSpec({ name: 'v6', type: 'mysql', config: { host: '[2001:db8::1]', database: 'd', user: 'u' } })).toMatchObject({
      value: { config: { host: '2001:db8::1' } },
    });
  });

  it.each(['sales.db', 'nested/dir/sales 2024.sqlite', '_x.db'])('When the SQLite file is %s, Then it is accepted', (file) => {
    expect(checkDataSourceSpec({ name: 'n', type: 'sqlite', config: { file } }).ok).toBe(true);
  });

  it.each(['', '../x.db', 'a/../b.db', '/etc/passwd', 'a//b.db', './x.db', 'a\\b.db', 'x\0.db', '.hidden.db'])(
    'When the SQLite file is %j, Then it is refused',
    (file) => {
      expect(checkDataSourceSpec({ name: 'n', type: 'sqlite', config: { file } })).toMatchObject({ ok: false, issues: [{ field: 'config.file' }] });
    },
  );

  it('When a password comes with a non-MySQL source, or a document source has settings, Then both are refused', () => {
    const check = checkDataSourceSpec({ name: 'n', type: 'document', config: { url: 'x' }, password: 'pw' });
    expect(check.ok ? [] : check.issues.map((i) => i.field).sort()).toEqual(['config.url', 'password']);
  });

  it('When the host holds a path or a scheme, Then it is refused', () => {
    for (const host of ['db.example.com/x', 'mysql://db', 'a b', '-db.example.com']) {
      expect(checkDataSourceSpec({ name: 'n', type: 'mysql', config: { host, database: 'd', user: 'u' } })).toMatchObject({
        ok: false,
        issues: [{ field: 'config.host' }],
      });
    }
  });
});
