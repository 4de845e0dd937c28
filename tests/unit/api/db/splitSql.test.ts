import { describe, expect, it } from 'vitest';
import { loadMigrations, splitSql } from '../../../../api/src/db/migrate.js';

describe('splitSql', () => {
  it('splits statements at semicolons that end a line and drops comment lines', () => {
    expect(splitSql('-- note\nCREATE TABLE a (x int);\nCREATE INDEX ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int);',
      'CREATE INDEX ON a (x);',
    ]);
  });

  it('keeps a $$ function body whole', () => {
    const sql = `CREATE FUNCTION f() RETURNS trigger AS $$\nBEGIN\n  RAISE EXCEPTION 'no';\nEND;\n$$ LANGUAGE plpgsql;\nSELECT 1;`;
    const parts = splitSql(sql);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain("RAISE EXCEPTION 'no';");
    expect(parts[1]).toBe('SELECT 1;');
  });
});

describe('loadMigrations', () => {
  it('finds numbered migrations in order with unique numbers', () => {
    const ms = loadMigrations();
    expect(ms.length).toBeGreaterThan(0);
    const ids = ms.map((m) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
