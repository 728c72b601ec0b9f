// Apart from messages.ts, which every page loads: only the API reads a phone number against its country
// (decision 052), so only the API sends this; the forms show the answer's own message under the field.

/** What the API answers when a phone number cannot be one of the country chosen in the same form. */
export const phoneMessages = {
  /**
   * The address book's recipient phone and a host's phone. The sign-up and profile mobile number answer with
   * SPEC.md's own words instead (messages.signup.mobileInvalid).
   */
  invalidForCountry: (country: string) => `Please enter a valid phone number for ${country}, or start it with + and the country code`,
  /** When the form names no country the number can be read in (a staff profile). */
  needsCountryCode: 'Please enter the phone number with + and the country code',
} as const;
