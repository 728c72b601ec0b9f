import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core over the whole page (an open modal included), or only over `within` (e.g. a dialog on
 * another feature's page); every violation is listed with its nodes, so a failure says what to fix.
 */
export async function expectNoAxeViolations(page: Page, screen: string, within?: string) {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  // A toast on its way in or out is half transparent: axe would read its colours mid-fade, a contrast the user
  // never sees at rest. Settled toasts are still checked.
  builder.exclude('[data-sonner-toast][data-mounted="false"]').exclude('[data-sonner-toast][data-removed="true"]');
  const { violations } = await builder.analyze();
  const report = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  expect(report, `axe violations on ${screen}`).toEqual([]);
}
