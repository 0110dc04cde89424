import axe from 'axe-core';

/** WCAG 2.2 AA and everything below it (the browser journeys' set). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The axe-core violations of what is rendered now, one readable line each
 * (`rule: selector, selector…`); an empty list means axe found nothing. jsdom has no layout,
 * so colour contrast is left to the browser journeys.
 */
export async function accessibilityViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, { runOnly: { type: 'tag', values: AXE_TAGS }, rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}
