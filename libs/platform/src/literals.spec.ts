import { describe, expect, it } from '@jest/globals';
import { escapeLiteral } from 'pg';
import { parameterLiteral, quoteLiteral, sqlLiteral, withLiterals } from './database';

// The literals the one-round-trip paths write into SQL text: the same text the driver's own
// escaping writes (the server reads them back as the values), and every placeholder replaced.
describe('quoteLiteral', () => {
  const alphabet = ["'", '\\', 'a', 'é', '"', '$', '\n', '0', ' ', '😀', '\u0000x'.slice(1)];
  /** A deterministic pseudo-random string over `alphabet` (the same strings every run). */
  const sample = (seed: number) => {
    let x = seed * 2654435761;
    let s = '';
    for (let i = 0; i < seed % 40; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      s += alphabet[x % alphabet.length];
    }
    return s;
  };

  it("writes every string as the driver's escapeLiteral does", () => {
    const texts = [
      '',
      "'",
      '\\',
      "O'Brien",
      'C:\\path',
      "a'b\\c''d\\\\",
      '{"a":"b"}',
      ...Array.from({ length: 500 }, (_, i) => sample(i + 1)),
    ];
    for (const t of texts) expect([t, quoteLiteral(t)]).toEqual([t, escapeLiteral(t)]);
  });

  it('is what sqlLiteral and parameterLiteral write for strings', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(parameterLiteral({ q: "it's" })).toBe(`'{"q":"it''s"}'`);
    expect(parameterLiteral(null)).toBe('NULL');
  });
});

describe('withLiterals', () => {
  it('replaces each placeholder, $10 apart from $1, a placeholder used twice both times', () => {
    const values = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    expect(withLiterals('SELECT $1, $10, $2, $1', values, sqlLiteral)).toBe("SELECT 'a', 'j', 'b', 'a'");
  });

  it('gives each call its own values for the same statement text', () => {
    const sql = 'UPDATE t SET n = $2 WHERE id = $1';
    expect(withLiterals(sql, ['x', 1], sqlLiteral)).toBe("UPDATE t SET n = 1 WHERE id = 'x'");
    expect(withLiterals(sql, ["y'", 2], sqlLiteral)).toBe("UPDATE t SET n = 2 WHERE id = 'y'''");
  });

  it('leaves a statement with no placeholder as it is, and throws for a placeholder with no value', () => {
    expect(withLiterals('SELECT 1', [], sqlLiteral)).toBe('SELECT 1');
    expect(() => withLiterals('SELECT $1, $3', ['a', 'b'], sqlLiteral)).toThrow('no value for $3');
    expect(() => withLiterals('SELECT $0', ['a'], sqlLiteral)).toThrow('no value for $0');
  });
});
