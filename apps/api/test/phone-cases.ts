/**
 * How the API reads a phone number typed with a country (decision 052), for every form that sends one: the
 * case in words, the country chosen, the number as typed, and what is stored (E.164).
 */
export const PHONE_READINGS = [
  ['a local number of the UAE', 'United Arab Emirates', '050 123 4567', '+971501234567'],
  ['a local number with dashes and brackets', 'United Arab Emirates', '(050) 123-4567', '+971501234567'],
  ['a local number of France', 'France', '06 12 34 56 78', '+33612345678'],
  ['a local number of Germany, not read as the UAE', 'Germany', '030 1234567', '+49301234567'],
  ['a US number with brackets and a dash', 'United States of America', '(201) 555-0142', '+12015550142'],
  ['an international number, whatever the country', 'United Arab Emirates', '+44 20 7946 0958', '+442079460958'],
  ['an international number written with 00', 'Germany', '00971 50 123 4567', '+971501234567'],
  ['an international number already in E.164', 'France', '+971501234567', '+971501234567'],
] as const;

/** Numbers no country's ranges allow, each with the country chosen: the case in words, the country, the number. */
export const PHONE_REFUSALS = [
  ['of one digit', 'United Arab Emirates', '7'],
  ['too short for the country', 'United Arab Emirates', '050 12'],
  ['local to another country than the one chosen', 'United Kingdom', '050 123 4567'],
  ['an impossible international number of 16 digits', 'United Arab Emirates', '+1234567890123456'],
] as const;
