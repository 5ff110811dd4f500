export type Category = 'length' | 'mass' | 'temperature' | 'volume' | 'area' | 'speed' | 'time' | 'data_size';

export interface Unit {
  category: Category;
  /** Case-sensitive abbreviations; the first is the canonical one. */
  symbols: string[];
  /** Case-insensitive names, singular (plurals in -s/-es are accepted). */
  names: string[];
  /** value in the category's base unit = value × factor + offset (base: m, kg, K, m³, m², m/s, s, byte). */
  factor: number;
  offset?: number;
}

const unit = (category: Category, symbols: string[], names: string[], factor: number, offset?: number): Unit => ({
  category,
  symbols,
  names,
  factor,
  ...(offset === undefined ? {} : { offset }),
});

const FAHRENHEIT_FACTOR = 5 / 9;
const YEAR_SECONDS = 365.2425 * 86400; // mean Gregorian year

/** Exact definitions (international yard and pound, US customary and imperial volumes, NIST SP 811). */
export const UNITS: Unit[] = [
  unit('length', ['nm'], ['nanometer', 'nanometre'], 1e-9),
  unit('length', ['um'], ['micrometer', 'micrometre', 'micron'], 1e-6),
  unit('length', ['mm'], ['millimeter', 'millimetre'], 1e-3),
  unit('length', ['cm'], ['centimeter', 'centimetre'], 1e-2),
  unit('length', ['dm'], ['decimeter', 'decimetre'], 0.1),
  unit('length', ['m'], ['meter', 'metre'], 1),
  unit('length', ['km'], ['kilometer', 'kilometre'], 1000),
  unit('length', ['in', '"'], ['inch'], 0.0254),
  unit('length', ['ft', "'"], ['foot', 'feet'], 0.3048),
  unit('length', ['yd'], ['yard'], 0.9144),
  unit('length', ['mi'], ['mile'], 1609.344),
  unit('length', ['nmi', 'NM'], ['nautical mile'], 1852),
  unit('length', ['au'], ['astronomical unit'], 149_597_870_700),
  unit('length', ['ly'], ['light year', 'light-year'], 9_460_730_472_580_800),

  unit('mass', ['ug', 'mcg'], ['microgram'], 1e-9),
  unit('mass', ['mg'], ['milligram'], 1e-6),
  unit('mass', ['g'], ['gram'], 1e-3),
  unit('mass', ['kg'], ['kilogram', 'kilo'], 1),
  unit('mass', ['t'], ['tonne', 'metric ton'], 1000),
  unit('mass', ['ct'], ['carat'], 2e-4),
  unit('mass', ['oz'], ['ounce'], 0.028349523125),
  unit('mass', ['lb', 'lbs'], ['pound'], 0.45359237),
  unit('mass', ['st'], ['stone'], 6.35029318),
  unit('mass', ['ton'], ['short ton', 'us ton'], 907.18474),
  unit('mass', ['long ton'], ['imperial ton', 'uk ton'], 1016.0469088),

  unit('temperature', ['°C', 'C', 'degC'], ['celsius', 'degree celsius', 'centigrade'], 1, 273.15),
  unit('temperature', ['°F', 'F', 'degF'], ['fahrenheit', 'degree fahrenheit'], FAHRENHEIT_FACTOR, 273.15 - 32 * FAHRENHEIT_FACTOR),
  unit('temperature', ['K'], ['kelvin'], 1, 0),
  unit('temperature', ['°R', 'R', 'degR'], ['rankine', 'degree rankine'], FAHRENHEIT_FACTOR, 0),

  unit('volume', ['mm3'], ['cubic millimeter', 'cubic millimetre'], 1e-9),
  unit('volume', ['mL', 'ml', 'cm3', 'cc'], ['milliliter', 'millilitre', 'cubic centimeter', 'cubic centimetre'], 1e-6),
  unit('volume', ['cL', 'cl'], ['centiliter', 'centilitre'], 1e-5),
  unit('volume', ['dL', 'dl'], ['deciliter', 'decilitre'], 1e-4),
  unit('volume', ['L', 'l'], ['liter', 'litre'], 1e-3),
  unit('volume', ['m3'], ['cubic meter', 'cubic metre'], 1),
  unit('volume', ['in3'], ['cubic inch'], 1.6387064e-5),
  unit('volume', ['ft3'], ['cubic foot', 'cubic feet'], 0.028316846592),
  unit('volume', ['yd3'], ['cubic yard'], 0.764554857984),
  unit('volume', ['tsp'], ['teaspoon'], 4.92892159375e-6),
  unit('volume', ['tbsp'], ['tablespoon'], 1.478676478125e-5),
  unit('volume', ['fl oz', 'floz'], ['fluid ounce', 'us fluid ounce'], 2.95735295625e-5),
  unit('volume', ['cup'], ['cup', 'us cup'], 2.365882365e-4),
  unit('volume', ['pt'], ['pint', 'us pint'], 4.73176473e-4),
  unit('volume', ['qt'], ['quart', 'us quart'], 9.46352946e-4),
  unit('volume', ['gal'], ['gallon', 'us gallon'], 3.785411784e-3),
  unit('volume', ['imp pt'], ['imperial pint', 'uk pint'], 5.6826125e-4),
  unit('volume', ['imp gal'], ['imperial gallon', 'uk gallon'], 4.54609e-3),
  unit('volume', ['bbl'], ['barrel', 'oil barrel'], 0.158987294928),

  unit('area', ['mm2'], ['square millimeter', 'square millimetre'], 1e-6),
  unit('area', ['cm2'], ['square centimeter', 'square centimetre'], 1e-4),
  unit('area', ['m2'], ['square meter', 'square metre', 'sq m'], 1),
  unit('area', ['ha'], ['hectare'], 1e4),
  unit('area', ['km2'], ['square kilometer', 'square kilometre', 'sq km'], 1e6),
  unit('area', ['in2'], ['square inch', 'sq in'], 6.4516e-4),
  unit('area', ['ft2'], ['square foot', 'square feet', 'sq ft'], 0.09290304),
  unit('area', ['yd2'], ['square yard', 'sq yd'], 0.83612736),
  unit('area', ['ac'], ['acre'], 4046.8564224),
  unit('area', ['mi2'], ['square mile', 'sq mi'], 2_589_988.110336),

  unit('speed', ['m/s', 'mps'], ['meter per second', 'metre per second', 'meters per second', 'metres per second'], 1),
  unit('speed', ['km/h', 'kmh', 'kph'], ['kilometer per hour', 'kilometre per hour', 'kilometers per hour', 'kilometres per hour'], 1 / 3.6),
  unit('speed', ['mph', 'mi/h'], ['mile per hour', 'miles per hour'], 0.44704),
  unit('speed', ['kn', 'kt'], ['knot'], 1852 / 3600),
  unit('speed', ['ft/s', 'fps'], ['foot per second', 'feet per second'], 0.3048),

  unit('time', ['ns'], ['nanosecond'], 1e-9),
  unit('time', ['us'], ['microsecond'], 1e-6),
  unit('time', ['ms'], ['millisecond'], 1e-3),
  unit('time', ['s', 'sec'], ['second'], 1),
  unit('time', ['min'], ['minute'], 60),
  unit('time', ['h', 'hr'], ['hour'], 3600),
  unit('time', ['d'], ['day'], 86400),
  unit('time', ['wk'], ['week'], 604800),
  unit('time', ['mo'], ['month'], YEAR_SECONDS / 12),
  unit('time', ['yr', 'y'], ['year'], YEAR_SECONDS),

  unit('data_size', ['bit', 'b'], ['bit'], 0.125),
  unit('data_size', ['B'], ['byte', 'octet'], 1),
  unit('data_size', ['kB', 'KB'], ['kilobyte'], 1e3),
  unit('data_size', ['MB'], ['megabyte'], 1e6),
  unit('data_size', ['GB'], ['gigabyte'], 1e9),
  unit('data_size', ['TB'], ['terabyte'], 1e12),
  unit('data_size', ['PB'], ['petabyte'], 1e15),
  unit('data_size', ['KiB'], ['kibibyte'], 1024),
  unit('data_size', ['MiB'], ['mebibyte'], 1024 ** 2),
  unit('data_size', ['GiB'], ['gibibyte'], 1024 ** 3),
  unit('data_size', ['TiB'], ['tebibyte'], 1024 ** 4),
  unit('data_size', ['PiB'], ['pebibyte'], 1024 ** 5),
  unit('data_size', ['kbit', 'kb', 'Kb'], ['kilobit'], 125),
  unit('data_size', ['Mbit', 'Mb'], ['megabit'], 125e3),
  unit('data_size', ['Gbit', 'Gb'], ['gigabit'], 125e6),
  unit('data_size', ['Tbit', 'Tb'], ['terabit'], 125e9),
];
