/** The PostgreSQL server tests use; every test database is created fresh on it and dropped after. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
