// No zod here: the header search, on every page of the portal, reads only these (the bundle stays small).

/** The header search's bounds (decision 031): shorter matches too much to help, longer is no id. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 60;
/** At most this many packages, and this many shipments, in one answer. */
export const SEARCH_MAX_PER_KIND = 5;

export const searchMessages = {
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search`,
  tooLong: `Search text can be at most ${SEARCH_MAX_LENGTH} characters`,
};

/** True when the web app should ask: the same rule as the API's, so it never asks for a 400. */
export const isSearchable = (q: string) => {
  const length = q.trim().length;
  return length >= SEARCH_MIN_LENGTH && length <= SEARCH_MAX_LENGTH;
};
