import { parseToUnicode, splitCodes } from '../../../tools-builtin/pdf_extract_text/pdf-cmap';
import { baseEncodingChar, glyphToUnicode, MAC_ROMAN_TABLE_LENGTH } from '../../../tools-builtin/pdf_extract_text/pdf-encodings';
import { PdfDict, PdfLexer, PdfName, PdfRef, PdfString } from '../../../tools-builtin/pdf_extract_text/pdf-lexer';
import { bytesToText } from '../../../tools-builtin/spreadsheet_read/bytes';
import { fitRows, headerNames } from '../../../tools-builtin/spreadsheet_read/table-shape';
import { dateStyles, isDateFormatCode, serialToIso } from '../../../tools-builtin/spreadsheet_read/xlsx-styles';

describe('spreadsheet helpers', () => {
  it('When Excel serials are converted, Then the 1900 and 1904 systems and times are honoured', () => {
    expect(serialToIso(1, false)).toBe('1900-01-01');
    expect(serialToIso(59, false)).toBe('1900-02-28');
    expect(serialToIso(61, false)).toBe('1900-03-01'); // 60 is Excel's fictitious 1900-02-29
    expect(serialToIso(45413, false)).toBe('2024-05-01');
    expect(serialToIso(45413.75, false)).toBe('2024-05-01T18:00:00');
    expect(serialToIso(45413.5, false, 'time')).toBe('12:00:00');
    expect(serialToIso(0, true)).toBe('1904-01-01');
  });

  it('When number formats are classified, Then dates and times are told from numbers and text', () => {
    expect(['yyyy-mm-dd', 'd/m/yy h:mm', '[$-409]mmmm d, yyyy', 'hh:mm:ss', '[h]:mm'].map(isDateFormatCode)).toEqual([true, true, true, true, true]);
    expect(['General', '0.00', '#,##0 "days"', '0%', '"Year" 0', '[Red]0.00'].map(isDateFormatCode)).toEqual([false, false, false, false, false, false]);
    const custom = new Map([
      [164, 'mm:ss'],
      [165, 'dd/mm/yyyy'],
      [166, '0.0'],
    ]);
    expect(dateStyles([0, 14, 20, 164, 165, 166], custom)).toEqual([null, 'date', 'time', 'time', 'date', null]);
  });

  it('When header cells are blank or repeated, Then the column names are made unique', () => {
    expect(headerNames(['id', '', 'name', 'name', null], 6)).toEqual(['id', 'column_2', 'name', 'name_2', 'column_5', 'column_6']);
  });

  it('When rows would make the output too long, Then a prefix that fits is kept', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ i, text: 'x'.repeat(90) }));
    const kept = fitRows(rows, 5_000);
    expect(kept).toEqual(rows.slice(0, kept.length));
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(5_000);
    expect(kept.length).toBeGreaterThan(10);
    expect(fitRows(rows, 1_000_000)).toHaveLength(100);
  });

  it('When bytes are turned into text, Then UTF-8 wins when valid and Latin-1 is the fallback', () => {
    expect(bytesToText(Buffer.from('\ufeffZoë,☕', 'utf8'))).toBe('Zoë,☕');
    expect(bytesToText(Buffer.from('Caf\xe9', 'latin1'))).toBe('Café');
  });
});

describe('pdf helpers', () => {
  it('When objects are lexed, Then dictionaries, references, names with #xx and escaped strings come out', () => {
    const value = new PdfLexer(
      '<< /Type /Font /Name#20X 1 /Kids [1 0 R 2 0 R] /S (a\\(b\\)\\101\\\n c) /H <48 69 6> /N -1.5 /B true /Z null >>',
    ).nextValue() as PdfDict;
    expect(value).toBeInstanceOf(PdfDict);
    expect((value.get('Type') as PdfName).name).toBe('Font');
    expect(value.entries.has('Name X')).toBe(true);
    expect(value.get('Kids')).toEqual([new PdfRef(1, 0), new PdfRef(2, 0)]);
    expect((value.get('S') as PdfString).bytes).toBe('a(b)A c');
    expect((value.get('H') as PdfString).bytes).toBe('Hi`');
    expect([value.get('N'), value.get('B'), value.get('Z')]).toEqual([-1.5, true, null]);
  });

  it('When a ToUnicode CMap uses bfchar, bfrange with arrays and increments, Then codes map to text', () => {
    const cmap = parseToUnicode(`1 begincodespacerange <0000> <FFFF> endcodespacerange
      1 beginbfchar <0003> <0020> endbfchar
      2 beginbfrange <0010> <0012> <0041> <0020> <0021> [<00660069> <D83DDE00>] endbfrange`);
    const text = (hex: string): string =>
      splitCodes(Buffer.from(hex, 'hex').toString('latin1'), cmap, 2)
        .map((c) => cmap.map.get(c) ?? '?')
        .join('');
    expect(text('0010001100120003002000210099')).toBe('ABC fi😀?');
  });

  it('When glyph names and base encodings are looked up, Then the Adobe conventions apply', () => {
    expect(['eacute', 'Aring', 'ccedilla', 'uni20AC', 'u1F600', 'quotedblleft', 'fi', 'g.alt', 'weird'].map(glyphToUnicode)).toEqual([
      'é',
      'Å',
      'ç',
      '€',
      '😀',
      '“',
      'fi',
      'g',
      null,
    ]);
    expect(MAC_ROMAN_TABLE_LENGTH).toBe(128);
    expect([
      baseEncodingChar(0x80, 'WinAnsiEncoding'),
      baseEncodingChar(0x8a, 'MacRomanEncoding'),
      baseEncodingChar(0x27, 'StandardEncoding'),
      baseEncodingChar(0xe9, 'WinAnsiEncoding'),
    ]).toEqual(['€', 'ä', '’', 'é']);
  });
});
