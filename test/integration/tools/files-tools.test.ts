import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildEncryptedPdf, buildReportPdf } from '../../fixtures/tools/files/pdf-fixture';
import { buildXlsxFixture } from '../../fixtures/tools/files/xlsx-fixture';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';

const FILE_TOOLS = ['workspace_read', 'workspace_write', 'workspace_list', 'pdf_extract_text', 'spreadsheet_read'];
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
const TODO = '- [ ] write the report\n- [x] café ☕\n'; // 36 UTF-16 units, 39 bytes
const BAIT = 'BAIT-do-not-leak';

describe('files tools through the real kernel', () => {
  let kernel: TestKernel;
  let workspaceRoot: string;
  const place = (relative: string, content: string | Buffer | Uint8Array): void => {
    const target = join(workspaceRoot, relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  };
  const onDisk = (relative: string): string => readFileSync(join(workspaceRoot, relative), 'utf8');

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: FILE_TOOLS });
    workspaceRoot = join(kernel.dataDir, 'workspace', TEST_ACTOR.userId);
    place('notes/todo.md', TODO);
    place('notes/archive/2023.md', 'old');
    place('images/logo.png', PNG_BYTES);
    place('docs/report.pdf', buildReportPdf());
    place('docs/locked.pdf', buildEncryptedPdf());
    place('docs/fake.pdf', 'just text, no PDF header');
    place('data/book.xlsx', buildXlsxFixture());
    place('data/orders.csv', '\ufeffid;customer;note\n1;Zoë;"semi;colon"\n2;"Bob ""the builder""";\n\n3;Eve;x\n');
    place('data/latin1.csv', Buffer.from('id,name\n1,Caf\xe9\n', 'latin1'));
    // Baits where each traversal below would land without the jail.
    writeFileSync(join(kernel.dataDir, 'outside.txt'), `${BAIT} two levels up`);
    writeFileSync(join(kernel.dataDir, 'workspace', 'outside.txt'), `${BAIT} one level up`);
    mkdirSync(join(kernel.dataDir, 'workspace', 'user-2'), { recursive: true });
    writeFileSync(join(kernel.dataDir, 'workspace', 'user-2', 'secret.txt'), `${BAIT} of another user`);
  });

  afterAll(async () => {
    await kernel?.close();
  });

  describe('workspace_read', () => {
    it('When a text file is read, Then its content, size and modification time come back', async () => {
      const outcome = await kernel.invoke('workspace_read', { path: 'notes/todo.md' });
      expect(outcome).toMatchObject({
        success: true,
        result: {
          path: 'notes/todo.md',
          exists: true,
          encoding: 'utf8',
          size: 39,
          content: TODO,
          length: 36,
          truncated: false,
          modified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });
    });

    it('When a window of the text is asked for, Then only that window comes back, marked truncated', async () => {
      const outcome = await kernel.invoke('workspace_read', { path: 'notes/todo.md', offset: 6, max_chars: 16 });
      expect(outcome).toMatchObject({ success: true, result: { content: 'write the report', length: 36, truncated: true } });
    });

    it('When a binary file is read as base64, Then the bytes are intact', async () => {
      const outcome = await kernel.invoke('workspace_read', { path: 'images/logo.png', encoding: 'base64' });
      expect(outcome).toMatchObject({ success: true, result: { encoding: 'base64', size: 7 } });
      expect(Buffer.from(outcome.success ? String((outcome.result as { content: string }).content) : '', 'base64')).toEqual(PNG_BYTES);
    });

    it('When a binary file is too big for base64, Then the call fails saying what the limit is', async () => {
      place('images/large.bin', Buffer.alloc(600_000, 7));
      const outcome = await kernel.invoke('workspace_read', { path: 'images/large.bin', encoding: 'base64' });
      expect(outcome).toMatchObject({
        success: false,
        error: {
          code: 'runtime_error',
          reason: 'too_large',
          message: 'images/large.bin is 600000 bytes; base64 reads are limited to 524288 bytes (read text files as utf8, in windows).',
        },
      });
    });

    it('When the file does not exist, Then it answers exists false', async () => {
      const outcome = await kernel.invoke('workspace_read', { path: 'notes/nothing.md' });
      expect(outcome).toMatchObject({ success: true, result: { path: 'notes/nothing.md', exists: false } });
    });

    it("When another user reads the same path, Then that user's own (empty) workspace answers", async () => {
      const outcome = await kernel.invoke('workspace_read', { path: 'notes/todo.md' }, { actor: { userId: 'user-2', role: 'user' } });
      expect(outcome).toMatchObject({ success: true, result: { exists: false } });
    });

    it('When the path is a folder, Then the call fails with is_a_directory, pointing to workspace_list', async () => {
      const outcome = await kernel.invoke('workspace_read', { path: 'notes' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'is_a_directory', message: expect.stringContaining('use workspace_list') },
      });
    });

    const escapes = (): Array<[string, string]> => [
      ['../outside.txt', join(kernel.dataDir, 'workspace', 'outside.txt')],
      ['notes/../../outside.txt', join(kernel.dataDir, 'workspace', 'outside.txt')],
      ['../../outside.txt', join(kernel.dataDir, 'outside.txt')],
      ['../user-2/secret.txt', join(kernel.dataDir, 'workspace', 'user-2', 'secret.txt')],
      [join(kernel.dataDir, 'outside.txt'), join(kernel.dataDir, 'outside.txt')],
    ];

    it('When a path climbs out of the workspace or is absolute, Then the jail refuses it and no bait is read', async () => {
      for (const [path, bait] of escapes()) {
        // The path really leads to a bait, so a missing jail would show.
        expect(resolve(workspaceRoot, path)).toBe(bait);
        expect(readFileSync(bait, 'utf8')).toContain(BAIT);
        const outcome = await kernel.invoke('workspace_read', { path });
        expect(outcome).toMatchObject({
          success: false,
          error: { code: 'runtime_error', reason: 'invalid_argument', message: expect.stringMatching(/^workspace: /) },
        });
        expect(JSON.stringify(outcome)).not.toContain(BAIT);
      }
    });

    it('When the path holds a NUL byte in front of a harmless extension, Then the jail refuses it and no bait is read', async () => {
      const outcome = await kernel.invoke('workspace_read', { path: '../outside.txt\u0000.md' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'invalid_argument', message: expect.stringMatching(/^workspace: /) },
      });
      expect(JSON.stringify(outcome)).not.toContain(BAIT);
    });
  });

  describe('workspace_write', () => {
    it('When a new file is written in a new folder, Then it is on disk and reported as created', async () => {
      const outcome = await kernel.invoke('workspace_write', { path: 'reports/2024/summary.md', content: '# Summary\n\nAll green.\n' });
      expect(outcome).toEqual(expect.objectContaining({ success: true, result: { path: 'reports/2024/summary.md', written: true, created: true, size: 22 } }));
      expect(onDisk('reports/2024/summary.md')).toBe('# Summary\n\nAll green.\n');
    });

    it('When appending, Then the content is added to the end', async () => {
      await kernel.invoke('workspace_write', { path: 'logs/run.log', content: 'step 1\n' });
      const outcome = await kernel.invoke('workspace_write', { path: 'logs/run.log', content: 'step 2\n', mode: 'append' });
      expect(outcome).toMatchObject({ success: true, result: { written: true, created: false, size: 14 } });
      expect(onDisk('logs/run.log')).toBe('step 1\nstep 2\n');
    });

    it('When the path is a folder, Then the call fails with is_a_directory and nothing changes', async () => {
      const outcome = await kernel.invoke('workspace_write', { path: 'notes', content: 'x' });
      expect(outcome).toMatchObject({ success: false, error: { code: 'runtime_error', reason: 'is_a_directory', message: 'notes is a directory.' } });
    });

    it('When mode is create and the file exists, Then nothing is written', async () => {
      const outcome = await kernel.invoke('workspace_write', { path: 'notes/todo.md', content: 'overwritten?', mode: 'create' });
      expect(outcome).toMatchObject({ success: true, result: { written: false, created: false, size: 39 } });
      expect(onDisk('notes/todo.md')).toBe(TODO);
    });

    it('When base64 content is written, Then the decoded bytes land on disk', async () => {
      const outcome = await kernel.invoke('workspace_write', { path: 'images/copy.png', content: PNG_BYTES.toString('base64'), encoding: 'base64' });
      expect(outcome).toMatchObject({ success: true, result: { size: 7 } });
      expect(readFileSync(join(workspaceRoot, 'images/copy.png'))).toEqual(PNG_BYTES);
    });

    it('When the path climbs out of the workspace or is absolute, Then the write is refused and nothing lands where it points', async () => {
      const targets: Array<[string, string]> = [
        ['../escaped.txt', join(kernel.dataDir, 'workspace', 'escaped.txt')],
        ['../../escaped.txt', join(kernel.dataDir, 'escaped.txt')],
        ['../user-2/escaped.txt', join(kernel.dataDir, 'workspace', 'user-2', 'escaped.txt')],
        [join(kernel.dataDir, 'escaped-absolute.txt'), join(kernel.dataDir, 'escaped-absolute.txt')],
      ];
      for (const [path, landing] of targets) {
        expect(resolve(workspaceRoot, path)).toBe(landing);
        const outcome = await kernel.invoke('workspace_write', { path, content: 'x' });
        expect(outcome).toMatchObject({
          success: false,
          error: { code: 'runtime_error', reason: 'invalid_argument', message: expect.stringMatching(/^workspace: /) },
        });
        expect(existsSync(landing)).toBe(false);
      }
    });

    it('When the path climbs onto an existing file outside the workspace, Then it is not overwritten or appended to', async () => {
      for (const mode of ['overwrite', 'append']) {
        const outcome = await kernel.invoke('workspace_write', { path: '../../outside.txt', content: 'tampered', mode });
        expect(outcome).toMatchObject({
          success: false,
          error: { code: 'runtime_error', reason: 'invalid_argument', message: expect.stringMatching(/^workspace: /) },
        });
      }
      expect(readFileSync(join(kernel.dataDir, 'outside.txt'), 'utf8')).toBe(`${BAIT} two levels up`);
      expect(readFileSync(join(kernel.dataDir, 'workspace', 'user-2', 'secret.txt'), 'utf8')).toBe(`${BAIT} of another user`);
    });
  });

  describe('workspace_list', () => {
    it('When the root is listed, Then its entries come back sorted, without descending', async () => {
      const outcome = await kernel.invoke('workspace_list', {});
      expect(outcome).toMatchObject({ success: true, result: { path: '', exists: true, truncated: false } });
      const entries = outcome.success ? (outcome.result as { entries: Array<{ path: string; type: string }> }).entries : [];
      const paths = entries.map((e) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['data', 'docs', 'images', 'notes']));
      expect(paths).toEqual([...paths].sort());
      expect(entries.every((e) => !e.path.includes('/') && e.type === 'directory')).toBe(true);
    });

    it('When a folder is listed recursively, Then sub-folders are included breadth-first', async () => {
      const outcome = await kernel.invoke('workspace_list', { path: 'notes/', recursive: true });
      expect(outcome).toMatchObject({ success: true });
      const result = outcome.success ? (outcome.result as { path: string; entries: Array<Record<string, unknown>> }) : { path: '', entries: [] };
      expect(result.path).toBe('notes');
      expect(result.entries.map((e) => [e.path, e.name, e.type, e.size])).toEqual([
        ['notes/archive', 'archive', 'directory', expect.any(Number)],
        ['notes/todo.md', 'todo.md', 'file', 39],
        ['notes/archive/2023.md', '2023.md', 'file', 3],
      ]);
    });

    it('When more entries exist than allowed, Then the listing is cut and marked truncated', async () => {
      const outcome = await kernel.invoke('workspace_list', { path: 'notes', recursive: true, max_entries: 2 });
      expect(outcome).toMatchObject({ success: true, result: { truncated: true, entries: [{ path: 'notes/archive' }, { path: 'notes/todo.md' }] } });
    });

    it('When the folder does not exist, Then it answers exists false', async () => {
      const outcome = await kernel.invoke('workspace_list', { path: 'nowhere' });
      expect(outcome).toEqual(expect.objectContaining({ success: true, result: { path: 'nowhere', exists: false, entries: [], truncated: false } }));
    });

    it('When the path is a file, Then the call fails with not_a_directory, pointing to workspace_read', async () => {
      const outcome = await kernel.invoke('workspace_list', { path: 'notes/todo.md' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'not_a_directory', message: expect.stringContaining('use workspace_read') },
      });
    });

    it('When the path leaves the workspace, Then the jail refuses it and no other workspace is listed', async () => {
      for (const path of ['../', '../user-2', join(kernel.dataDir, 'workspace')]) {
        const outcome = await kernel.invoke('workspace_list', { path });
        expect(outcome).toMatchObject({
          success: false,
          error: { code: 'runtime_error', reason: 'invalid_argument', message: expect.stringMatching(/^workspace: /) },
        });
        expect(JSON.stringify(outcome)).not.toMatch(/user-2|secret\.txt|outside\.txt/);
      }
    });
  });

  describe('pdf_extract_text', () => {
    it('When a PDF is read, Then each page gives its text, including CID fonts, form XObjects and metadata', async () => {
      const outcome = await kernel.invoke('pdf_extract_text', { path: 'docs/report.pdf' });
      expect(outcome).toEqual(
        expect.objectContaining({
          success: true,
          result: {
            path: 'docs/report.pdf',
            page_count: 2,
            first_page: 1,
            last_page: 2,
            title: 'Quarterly report – Q1',
            author: 'Finance team',
            text: 'Quarterly (Q1) report\nRevenue grew by 12%.\nCosts fell\n€ 5 million, • café\n\f\nOutlook: stable\n– Ωmega ✓\n\nFooter from a form',
            truncated: false,
            warnings: [],
          },
        }),
      );
    });

    it('When a page range and a character limit are given, Then only that text comes back', async () => {
      const second = await kernel.invoke('pdf_extract_text', { path: 'docs/report.pdf', first_page: 2 });
      expect(second).toMatchObject({ success: true, result: { first_page: 2, last_page: 2, text: 'Outlook: stable\n– Ωmega ✓\n\nFooter from a form' } });
      const cut = await kernel.invoke('pdf_extract_text', { path: 'docs/report.pdf', max_chars: 100 });
      expect(cut).toMatchObject({ success: true, result: { truncated: true } });
      expect(cut.success && (cut.result as { text: string }).text).toHaveLength(100);
    });

    it('When the first page asked for is past the end, Then no text comes back, with a warning', async () => {
      const outcome = await kernel.invoke('pdf_extract_text', { path: 'docs/report.pdf', first_page: 9 });
      expect(outcome).toMatchObject({
        success: true,
        result: { page_count: 2, first_page: 9, last_page: 8, text: '', truncated: false, warnings: ['first_page 9 is past the last page (2).'] },
      });
    });

    it('When the PDF is encrypted, Then the call fails with encrypted_pdf, saying so', async () => {
      const outcome = await kernel.invoke('pdf_extract_text', { path: 'docs/locked.pdf' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'encrypted_pdf', message: expect.stringContaining('This PDF is encrypted') },
      });
    });

    it('When the file is not a PDF, Then the call fails with not_a_pdf, saying so', async () => {
      const outcome = await kernel.invoke('pdf_extract_text', { path: 'docs/fake.pdf' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'not_a_pdf', message: expect.stringContaining('Not a PDF file') },
      });
    });

    it('When the file does not exist, Then the call fails with the reason not_found', async () => {
      const outcome = await kernel.invoke('pdf_extract_text', { path: 'docs/missing.pdf' });
      expect(outcome).toMatchObject({ success: false, error: { code: 'runtime_error', reason: 'not_found' } });
    });
  });

  describe('spreadsheet_read', () => {
    it('When an XLSX is read with its header, Then rows are objects with typed cells and ISO dates', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/book.xlsx' });
      expect(outcome).toEqual(
        expect.objectContaining({
          success: true,
          result: {
            path: 'data/book.xlsx',
            format: 'xlsx',
            sheets: ['Orders', 'Notes & misc'],
            sheet: 'Orders',
            columns: ['id', 'customer', 'total', 'ordered', 'paid'],
            rows: [
              { id: 1, customer: 'Ada Lovelace', total: 12.5, ordered: '2024-05-01', paid: true },
              { id: 2, customer: 'Grace Hopper', total: 25, ordered: '2024-05-02T13:30:00', paid: false },
              { id: null, customer: null, total: null, ordered: null, paid: null },
              { id: 4, customer: 'Inline Ltd', total: null, ordered: null, paid: '#N/A' },
            ],
            row_count: 4,
            total_rows: 4,
            truncated: false,
          },
        }),
      );
    });

    it('When a named sheet is read without a header, Then rows are arrays keeping their column positions', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/book.xlsx', sheet: 'Notes & misc', header: false });
      expect(outcome).toMatchObject({ success: true, result: { sheet: 'Notes & misc', columns: null, rows: [[null, '  spaced  ', 'xy']], total_rows: 1 } });
    });

    it('When an offset and a row limit are given, Then that slice comes back, marked truncated', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/book.xlsx', offset: 1, max_rows: 1 });
      expect(outcome).toMatchObject({ success: true, result: { rows: [{ id: 2, customer: 'Grace Hopper' }], row_count: 1, total_rows: 4, truncated: true } });
    });

    it('When the sheet does not exist, Then the call fails with sheet_not_found, listing the sheets there are', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/book.xlsx', sheet: 'Missing' });
      expect(outcome).toMatchObject({
        success: false,
        error: { code: 'runtime_error', reason: 'sheet_not_found', message: 'No sheet named "Missing"; the workbook has: Orders, Notes & misc.' },
      });
    });

    it('When a CSV with a BOM, semicolons and quotes is read, Then its rows come back as text', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/orders.csv' });
      expect(outcome).toEqual(
        expect.objectContaining({
          success: true,
          result: {
            path: 'data/orders.csv',
            format: 'csv',
            sheets: [],
            sheet: null,
            columns: ['id', 'customer', 'note'],
            rows: [
              { id: '1', customer: 'Zoë', note: 'semi;colon' },
              { id: '2', customer: 'Bob "the builder"', note: '' },
              { id: '3', customer: 'Eve', note: 'x' },
            ],
            row_count: 3,
            total_rows: 3,
            truncated: false,
          },
        }),
      );
    });

    it('When a CSV is not UTF-8, Then it is read as Latin-1', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/latin1.csv', header: false });
      expect(outcome).toMatchObject({
        success: true,
        result: {
          rows: [
            ['id', 'name'],
            ['1', 'Café'],
          ],
        },
      });
    });

    it('When a sheet name is given for a CSV, Then the call fails with invalid_input, saying sheets are for XLSX', async () => {
      const outcome = await kernel.invoke('spreadsheet_read', { path: 'data/orders.csv', sheet: 'Orders' });
      expect(outcome).toMatchObject({ success: false, error: { code: 'invalid_input', message: expect.stringContaining('applies to XLSX') } });
    });
  });
});
