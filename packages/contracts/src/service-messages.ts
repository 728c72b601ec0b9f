// Apart from messages.ts, which every page loads: the API sends these, the web shows the answer's own message.

/** When the service itself is unwell: the database restarting, unreachable or out of connections (decision 040). */
export const serviceMessages = {
  databaseUnavailable: 'The service is unavailable for a moment. Please try again in a few seconds.',
  /** Readiness, for a load balancer. */
  databaseBusy: 'Database busy: requests are waiting longer than their timeout for a connection',
} as const;
