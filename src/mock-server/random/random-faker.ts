import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import { SeededRandomizer } from './seeded-random.js';

/** A faker of its own (the demo fixtures keep theirs), English, over a cheaply reseeded generator. */
export function seededFaker(): Faker {
  // The package root exports the Faker class but loads every locale (about 250 ms); the English
  // entry loads in about 25 ms and exports only an instance, whose class builds ours.
  const FakerClass = english.constructor as typeof Faker;
  return new FakerClass({ locale: english.rawDefinitions, randomizer: new SeededRandomizer() });
}
