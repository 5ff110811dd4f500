import { extractByPatterns } from '../../../tools-builtin/extract_entities/entity-patterns';
import { readModelEntities } from '../../../tools-builtin/extract_entities/model-entities';
import { guessNames } from '../../../tools-builtin/extract_entities/name-heuristics';
import { ENTITY_TYPES } from '../../../tools-builtin/extract_entities/entity-types';

describe('extractByPatterns', () => {
  it('When a text holds contact details, Then emails, URLs and phone numbers come out as written', () => {
    const text = 'Mail ana.lopez+ops@example.co.uk or see https://example.org/a?b=1 (docs: www.example.com/help). Call +44 20 7946 0958.';
    const found = extractByPatterns(text);
    expect(found.emails).toEqual(['ana.lopez+ops@example.co.uk']);
    expect(found.urls).toEqual(['https://example.org/a?b=1', 'www.example.com/help']);
    expect(found.phone_numbers).toEqual(['+44 20 7946 0958']);
  });

  it('When a URL ends a sentence or sits in parentheses, Then the punctuation is not part of it', () => {
    expect(extractByPatterns('See https://en.wikipedia.org/wiki/Foo_(bar). And (https://x.example/y).').urls).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://x.example/y',
    ]);
  });

  it('When dates come in several common forms, Then each is found once', () => {
    const text = 'Due 2025-03-10T14:30:00Z, then 12 March 2025, March 14th, 2025 at 3pm, 03/15/2025, Tuesday, 18 March and April 2025.';
    expect(extractByPatterns(text).dates).toEqual([
      '2025-03-10T14:30:00Z',
      '12 March 2025',
      'March 14th, 2025 at 3pm',
      '03/15/2025',
      'Tuesday, 18 March',
      'April 2025',
    ]);
  });

  it('When a date or an address is inside a URL, Then it is reported only as the URL', () => {
    const found = extractByPatterns('Minutes: https://wiki.example.com/2025-03-10/notes?by=ana@example.com');
    expect(found.urls).toHaveLength(1);
    expect(found.dates).toEqual([]);
    expect(found.emails).toEqual([]);
  });

  it('When amounts of money appear, Then they are found with their currency', () => {
    expect(extractByPatterns('It costs $1,200.50, or €30, or 45 EUR, about 2.5 million dollars.').money).toEqual([
      '$1,200.50',
      '€30',
      '45 EUR',
      '2.5 million dollars',
    ]);
  });

  it('When numbers are versions, short counts or dates, Then they are not phone numbers', () => {
    expect(extractByPatterns('Version 1.2.3 had 42 bugs on 2025-01-02; room 12 34.').phone_numbers).toEqual([]);
  });

  it('When "may" is a verb, Then it is not a date', () => {
    expect(extractByPatterns('You may 20 times try; it is May 2025.').dates).toEqual(['May 2025']);
  });
});

describe('readModelEntities', () => {
  const text = 'Ana Lopez met Bob at Acme Corp in Paris.';

  it('When the model answers the asked shape, Then entities found in the text are kept in place', () => {
    const result = readModelEntities({ people: ['Ana Lopez', 'Bob'], organizations: ['Acme Corp'], places: ['Paris'] }, text, [...ENTITY_TYPES]);
    expect(result).toEqual({
      entities: { people: ['Ana Lopez', 'Bob'], organizations: ['Acme Corp'], places: ['Paris'] },
      recognised: true,
      reshaped: false,
      discarded: 0,
    });
  });

  it('When the model names entities absent from the text, Then they are discarded and counted', () => {
    const result = readModelEntities({ people: ['Ana Lopez', 'Carla Diaz'], places: ['London'] }, text, [...ENTITY_TYPES]);
    expect(result.entities).toEqual({ people: ['Ana Lopez'] });
    expect(result.discarded).toBe(2);
  });

  it('When the model uses other key names or a nested "entities" object, Then they are mapped and marked reshaped', () => {
    const result = readModelEntities({ entities: { PERSON: ['ana lopez'], Organisations: ['Acme Corp'], LOC: 'Paris' } }, text, [...ENTITY_TYPES]);
    expect(result.entities).toEqual({ people: ['ana lopez'], organizations: ['Acme Corp'], places: ['Paris'] });
    expect(result.reshaped).toBe(true);
  });

  it('When the model answers a tagged list, Then it is grouped by type', () => {
    const result = readModelEntities(
      {
        entities: [
          { text: 'Bob', type: 'PERSON' },
          { text: 'Paris', type: 'GPE' },
          { text: 'x', type: 'WEIRD' },
        ],
      },
      text,
      [...ENTITY_TYPES],
    );
    expect(result.entities).toEqual({ people: ['Bob'], places: ['Paris'] });
  });

  it('When a type was not requested, Then its entities are ignored', () => {
    expect(readModelEntities({ people: ['Bob'], places: ['Paris'] }, text, ['places']).entities).toEqual({ places: ['Paris'] });
  });

  it('When the reply has no entity key at all, Then it is not recognised', () => {
    expect(readModelEntities({ model: 'offline', answer: 'text', keywords: ['acme'] }, text, [...ENTITY_TYPES]).recognised).toBe(false);
  });
});

describe('guessNames', () => {
  it('When titles precede names and suffixes follow organisations, Then those are found', () => {
    expect(guessNames('Dr. Ada Lovelace and Ms Grace Hopper joined Analytical Engines Ltd and the University of Cambridge.')).toEqual({
      people: ['Ada Lovelace', 'Grace Hopper'],
      organizations: ['Analytical Engines Ltd', 'University of Cambridge'],
    });
  });

  it('When there are no such patterns, Then nothing is guessed', () => {
    expect(guessNames('the quick brown fox')).toEqual({ people: [], organizations: [] });
  });
});
