import { transliterate } from './transliteration';

interface Input {
  text: string;
  separator?: '-' | '_' | '.';
  max_length?: number;
  lowercase?: boolean;
}

interface Output {
  slug: string;
  truncated: boolean;
}

export default function slugify(input: Input): Output {
  const separator = input.separator ?? '-';
  const maxLength = input.max_length ?? 80;
  const latin = transliterate(input.text)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  const cased = input.lowercase === false ? latin : latin.toLowerCase();
  const full = cased
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join(separator);
  if (full.length <= maxLength) return { slug: full, truncated: false };
  const cut = full.slice(0, maxLength);
  const lastSeparator = cut.lastIndexOf(separator);
  // Cut at a word boundary when one exists; a single long word is cut where it must be.
  const slug = full[maxLength] === separator || lastSeparator <= 0 ? cut : cut.slice(0, lastSeparator);
  return { slug: slug.replace(new RegExp(`\\${separator}+$`), ''), truncated: true };
}
