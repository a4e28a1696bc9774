/** The store's SQL engines. Below database.ts and the migrations, which both need the name. */
export type Dialect = 'sqlite' | 'postgres';
