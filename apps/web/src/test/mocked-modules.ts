/**
 * Every module a unit test file mocks by name (vi.mock or vi.doMock). Files share their workers
 * (vitest.config.ts, isolate: false), so test/setup.ts unmocks these after each file; a check in
 * shared-workers.test.ts keeps the list whole.
 */
export const MOCKED_MODULES: readonly string[] = ['sonner', 'appwrite'];
