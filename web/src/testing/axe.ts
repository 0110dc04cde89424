import axe from 'axe-core';

/**
 * axe-core's WCAG 2.2 AA violations inside `root`, one readable line each. jsdom lays nothing out,
 * so colour contrast is left to the browser journeys (web/e2e); names, roles, labels and ARIA are judged here.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}
