export const ENTITY_TYPES = ['people', 'organizations', 'places', 'dates', 'emails', 'urls', 'phone_numbers', 'money'] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];

export type EntityLists = { [type in EntityType]?: string[] };

/** Types that the regular expressions find reliably; the model only adds to them. */
export const PATTERN_TYPES: ReadonlyArray<EntityType> = ['emails', 'urls', 'dates', 'phone_numbers', 'money'];
