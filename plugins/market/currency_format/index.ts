interface Input {
  amount: number;
  currency?: string;
  locale?: string;
  style?: 'currency' | 'decimal' | 'percent';
  currency_display?: 'symbol' | 'narrowSymbol' | 'code' | 'name';
  accounting?: boolean;
  notation?: 'standard' | 'compact';
  minimum_fraction_digits?: number;
  maximum_fraction_digits?: number;
}

interface Output {
  formatted: string;
  locale: string;
  currency: string | null;
  parts: Array<{ type: string; value: string }>;
}

export default function currencyFormat(input: Input): Output {
  const style = input.style ?? 'currency';
  const currency = input.currency?.toUpperCase();
  if (style === 'currency' && currency === undefined) throw new Error('`currency` (an ISO 4217 code such as EUR) is required for style "currency"');
  const { minimum_fraction_digits: min, maximum_fraction_digits: max } = input;
  if (min !== undefined && max !== undefined && min > max) throw new Error('`minimum_fraction_digits` must not exceed `maximum_fraction_digits`');
  const format = new Intl.NumberFormat(localeOf(input.locale ?? 'en-US'), {
    style,
    ...(style === 'currency'
      ? { currency, currencyDisplay: input.currency_display ?? 'symbol', currencySign: input.accounting ? 'accounting' : 'standard' }
      : {}),
    notation: input.notation ?? 'standard',
    ...(min !== undefined ? { minimumFractionDigits: min } : {}),
    ...(max !== undefined ? { maximumFractionDigits: max } : {}),
  });
  const parts = format.formatToParts(input.amount).map(({ type, value }) => ({ type, value }));
  return {
    formatted: parts.map((part) => part.value).join(''),
    locale: format.resolvedOptions().locale,
    currency: style === 'currency' ? (currency as string) : null,
    parts,
  };
}

/** A malformed tag would surface as a bare RangeError; say which input is wrong instead. */
function localeOf(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    throw new Error(`"${tag}" is not a BCP 47 language tag (such as en-US or de-DE)`);
  }
}
