import axe from 'axe-core';

/** WCAG 2.2 AA and everything below it (as the browser journeys check). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The axe-core violations of what jsdom holds (the whole document, or one element), one readable
 * line each (`rule (impact): selector`); an empty list means axe found nothing. jsdom lays nothing
 * out, so colour contrast is left to the browser journeys, and the page's language and title come
 * from index.html, which tests do not load; names, roles, labels, alt text and ARIA are checked here.
 */
export async function accessibilityViolations(root: Element | Document = document): Promise<string[]> {
  const rules = {
    'color-contrast': { enabled: false },
    'document-title': { enabled: false },
    'html-has-lang': { enabled: false },
  };
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules,
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** The same check, over the whole document unless an element is given. */
export const axeViolations = (root: Element | Document = document): Promise<string[]> => accessibilityViolations(root);
