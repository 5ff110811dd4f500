import { EntityType } from './entity-types';

type PatternType = 'emails' | 'urls' | 'dates' | 'phone_numbers' | 'money';

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const WEEKDAY = '(?:(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\\.?,?\\s+)?';
const ORDINAL = '(?:st|nd|rd|th)?';
const AMOUNT = '\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?(?:\\s?(?:k|m|bn|thousand|million|billion)\\b)?';
const TIME = '(?:,?\\s+(?:at\\s+)?\\d{1,2}(?::\\d{2})?\\s?(?:[ap]\\.?m\\.?)?)?';

// Order matters: URLs go first so an address or a date inside a URL is not reported twice.
const PATTERNS: Array<[PatternType, RegExp]> = [
  ['urls', /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi],
  ['emails', /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g],
  [
    'dates',
    new RegExp(
      [
        '\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?(?![\\w-])',
        '\\b\\d{1,2}[/.]\\d{1,2}[/.](?:\\d{4}|\\d{2})\\b',
        `\\b${WEEKDAY}\\d{1,2}${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\.?(?:,?\\s+\\d{4})?${TIME}\\b`,
        `\\b${WEEKDAY}${MONTH}\\.?\\s+\\d{1,2}${ORDINAL}(?:,?\\s+\\d{4})?${TIME}(?!\\d)`,
        `\\b${MONTH}\\s+\\d{4}\\b`,
      ].join('|'),
      'g',
    ),
  ],
  ['money', new RegExp(`[$€£¥₹]\\s?${AMOUNT}|\\b${AMOUNT}\\s?(?:USD|EUR|GBP|JPY|CHF|CNY|CAD|AUD|dollars?|euros?|pounds?)\\b`, 'gi')],
  ['phone_numbers', /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}\b/g],
];

const TRAILING_PUNCTUATION = /[.,;:!?'"]+$/;

/** Emails, URLs, dates, phone numbers and amounts of money, each as written, in order of appearance. */
export function extractByPatterns(text: string): { [type in PatternType]: string[] } {
  const found: { [type in PatternType]: string[] } = { urls: [], emails: [], dates: [], money: [], phone_numbers: [] };
  const taken: Array<[number, number]> = [];
  for (const [type, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const value = clean(type, match[0]);
      const start = match.index ?? 0;
      const end = start + value.length;
      if (!accept(type, value) || taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      found[type].push(value);
    }
  }
  return found;
}

export function isPatternType(type: EntityType): type is PatternType {
  return type === 'emails' || type === 'urls' || type === 'dates' || type === 'phone_numbers' || type === 'money';
}

function clean(type: PatternType, value: string): string {
  const trimmed = value.trim();
  if (type !== 'urls') return trimmed;
  let url = trimmed.replace(TRAILING_PUNCTUATION, '');
  // A closing parenthesis belongs to the URL only when the URL opened one (Wikipedia links).
  while (url.endsWith(')') && count(url, '(') < count(url, ')')) url = url.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  return url;
}

function accept(type: PatternType, value: string): boolean {
  if (type !== 'phone_numbers') return true;
  const digits = value.replace(/\D/g, '').length;
  // Needs a separator structure of a phone number, not a bare year range or a version number.
  return digits >= 7 && digits <= 15 && !/^\d{1,3}\.\d{1,3}\.\d{1,3}(?:\.\d{1,3})?$/.test(value);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
