/** Simple-font encodings (ISO 32000-1 Annex D) and glyph names → Unicode, for fonts without a ToUnicode map. */

const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const MAC_ROMAN_HIGH =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';

export type BaseEncoding = 'WinAnsiEncoding' | 'MacRomanEncoding' | 'StandardEncoding' | 'PDFDocEncoding';

/** The character of byte `code` in a base encoding (Standard differs from WinAnsi only in ASCII quotes here). */
export function baseEncodingChar(code: number, encoding: BaseEncoding): string {
  if (encoding === 'MacRomanEncoding' && code >= 0x80) return MAC_ROMAN_HIGH[code - 0x80];
  if (encoding === 'StandardEncoding' && code === 0x27) return '\u2019';
  if (encoding === 'StandardEncoding' && code === 0x60) return '\u2018';
  if (code >= 0x80 && code <= 0x9f && encoding !== 'PDFDocEncoding') return CP1252_HIGH[code - 0x80];
  return String.fromCharCode(code);
}

export const MAC_ROMAN_TABLE_LENGTH = MAC_ROMAN_HIGH.length;

const NAMED: Record<string, string> = {
  space: ' ',
  exclam: '!',
  quotedbl: '"',
  numbersign: '#',
  dollar: '$',
  percent: '%',
  ampersand: '&',
  quotesingle: "'",
  parenleft: '(',
  parenright: ')',
  asterisk: '*',
  plus: '+',
  comma: ',',
  hyphen: '-',
  period: '.',
  slash: '/',
  colon: ':',
  semicolon: ';',
  less: '<',
  equal: '=',
  greater: '>',
  question: '?',
  at: '@',
  bracketleft: '[',
  backslash: '\\',
  bracketright: ']',
  asciicircum: '^',
  underscore: '_',
  grave: '`',
  braceleft: '{',
  bar: '|',
  braceright: '}',
  asciitilde: '~',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  quoteleft: '\u2018',
  quoteright: '\u2019',
  quotedblleft: '\u201c',
  quotedblright: '\u201d',
  quotesinglbase: '\u201a',
  quotedblbase: '\u201e',
  guillemotleft: '«',
  guillemotright: '»',
  guilsinglleft: '‹',
  guilsinglright: '›',
  bullet: '•',
  endash: '–',
  emdash: '—',
  ellipsis: '…',
  dagger: '†',
  daggerdbl: '‡',
  trademark: '™',
  copyright: '©',
  registered: '®',
  degree: '°',
  fi: 'fi',
  fl: 'fl',
  ff: 'ff',
  ffi: 'ffi',
  ffl: 'ffl',
  Euro: '€',
  sterling: '£',
  yen: '¥',
  cent: '¢',
  section: '§',
  paragraph: '¶',
  periodcentered: '·',
  minus: '−',
  multiply: '×',
  divide: '÷',
  plusminus: '±',
  germandbls: 'ß',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  oslash: 'ø',
  Oslash: 'Ø',
  dotlessi: 'ı',
  lslash: 'ł',
  Lslash: 'Ł',
  thorn: 'þ',
  Thorn: 'Þ',
  eth: 'ð',
  Eth: 'Ð',
  exclamdown: '¡',
  questiondown: '¿',
  nbspace: '\u00a0',
  mu: 'µ',
  ordfeminine: 'ª',
  ordmasculine: 'º',
  onehalf: '½',
  onequarter: '¼',
  threequarters: '¾',
  florin: 'ƒ',
  perthousand: '‰',
};

const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circumflex: '\u0302',
  tilde: '\u0303',
  dieresis: '\u0308',
  ring: '\u030a',
  cedilla: '\u0327',
  caron: '\u030c',
  breve: '\u0306',
  macron: '\u0304',
  ogonek: '\u0328',
  dotaccent: '\u0307',
  hungarumlaut: '\u030b',
};
const ACCENTED = new RegExp(`^([A-Za-z])(${Object.keys(ACCENTS).join('|')})$`);

/** Unicode text of a glyph name (Adobe Glyph List conventions), or null when unknown. */
export function glyphToUnicode(name: string): string | null {
  const base = name.split('.')[0];
  if (base in NAMED) return NAMED[base];
  if (/^[A-Za-z]$/.test(base)) return base;
  const uni = /^uni((?:[0-9A-F]{4})+)$/.exec(base);
  if (uni) return String.fromCharCode(...(uni[1].match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  const u = /^u([0-9A-F]{4,6})$/.exec(base);
  if (u) return String.fromCodePoint(parseInt(u[1], 16));
  const accented = ACCENTED.exec(base);
  if (accented) return (accented[1] + ACCENTS[accented[2]]).normalize('NFC');
  return null;
}
