import { COUNTRIES } from '@hopbox/contracts/countries';
import { optionsOf } from './select-options';

/** Every country of the shared list, by its name (what the API stores), for a country select. */
export const COUNTRY_OPTIONS = optionsOf(COUNTRIES.map((country) => country.name));
