import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A page in its own chunk, loaded through the route's `lazy`: on a navigation the router loads the
 * chunks of every matched route (layout and page) at once, not one after the other. Decision 019.
 */
export const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
