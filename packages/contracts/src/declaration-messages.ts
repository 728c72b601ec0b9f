/**
 * The customs declaration's messages (issue "Declare, insure"), kept out of messages.ts: the sign-in page's
 * entry chunk carries every message there, and it has a size budget.
 */
export const declarationMessages = {
  incomplete: (hopboxIds: readonly string[]) => `Please complete the customs declaration for: ${hopboxIds.join(', ')}`,
  needed: 'Declaration needed',
  saved: 'Customs declaration saved',
  saveFailed: 'Failed to save the customs declaration',
  loadFailed: 'Failed to load the customs declaration',
  changed:
    'This declaration was changed since you opened it (by Edit Package, or in another tab): it now shows what is stored. Check it and save again.',
  valueFromDeclaration:
    'This package declares several items: its quantity and value come from its customs declaration. Edit the declaration instead.',
};
