import { describe, expect, it } from '@jest/globals';
import { currentCorrelationId, runWithCorrelation, sanitizeCorrelationId } from './correlation';

describe('correlation', () => {
  it('carries a given id through async work', async () => {
    const seen = await runWithCorrelation('abc-123', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentCorrelationId();
    });
    expect(seen).toBe('abc-123');
    expect(currentCorrelationId()).toBeUndefined();
  });
  it('replaces an unsafe id with a fresh uuid', () => {
    const id = runWithCorrelation('bad id\nwith newline', () => currentCorrelationId());
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sanitizeCorrelationId('x'.repeat(101))).toBeUndefined();
  });
});
