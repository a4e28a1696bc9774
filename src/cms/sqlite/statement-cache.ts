/**
 * The SQLite worker's prepared statements, the most recently used kept (preparing costs more than
 * running a small query). Bounded by count and by the length of their SQL: a statement's compiled
 * program grows with its text, and queries with lists of values (`IN (?, ?, …)`, a search's
 * topics) make a statement of each length asked, so the number of distinct statements follows
 * the traffic. Under the benchmark's soak of varied requests about 170 distinct statements of
 * some 35,000 characters in all are made (docs/operations.md, "Memory").
 */
export interface StatementCacheLimits {
  maxEntries: number;
  /** Characters of SQL the kept statements may have in all. */
  maxCharacters: number;
}

export const STATEMENT_CACHE_LIMITS: StatementCacheLimits = { maxEntries: 500, maxCharacters: 256 * 1024 };

export class StatementCache<T> {
  private readonly statements = new Map<string, T>();
  private characters = 0;

  constructor(
    private readonly prepare: (sql: string) => T,
    private readonly limits: StatementCacheLimits = STATEMENT_CACHE_LIMITS,
  ) {}

  /** The statement for `sql`, prepared now unless it is kept. */
  get(sql: string): T {
    const kept = this.statements.get(sql);
    if (kept !== undefined) {
      // Re-inserted: the most recently used is last.
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return kept;
    }
    const statement = this.prepare(sql);
    if (sql.length > this.limits.maxCharacters) return statement;
    this.statements.set(sql, statement);
    this.characters += sql.length;
    for (const oldest of this.statements.keys()) {
      if (this.statements.size <= this.limits.maxEntries && this.characters <= this.limits.maxCharacters) break;
      this.statements.delete(oldest);
      this.characters -= oldest.length;
    }
    return statement;
  }

  /** Statements kept and the characters of their SQL. */
  get size(): { entries: number; characters: number } {
    return { entries: this.statements.size, characters: this.characters };
  }
}
