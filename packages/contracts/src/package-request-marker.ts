// No zod, and nothing else: the Received Packages list loads this module with its page (decision 035); the rest of
// the package requests' words load with the dialogs.

/** What lists say of a package with an open request. */
export const requestOpenWords = {
  /** The marker of a package with an open request, in lists. */
  marker: 'Service requested',
  /** Why a package with an open request cannot be selected for a shipment. */
  cannotShip: 'Ships once the service you asked for is done or refused',
} as const;
