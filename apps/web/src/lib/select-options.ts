/** One choice of a select field. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Choices from a list of values, each shown as `label(value)` (the value itself by default). */
export function optionsOf<T extends string>(values: readonly T[], label: (value: T) => string = (value) => value): SelectOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}
