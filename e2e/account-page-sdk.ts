/**
 * The official SDK inside a page, as the app ships it: its classes found by
 * their methods in the app's own sdk-*.js chunk (names are minified).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, Client, Databases } from 'appwrite';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './harness.js';

/** The SDK's classes a page script uses. */
export interface PageSdk {
  Client: typeof Client;
  Account: typeof Account;
  Databases: typeof Databases;
  /** What a call answered: its result, or the AppwriteException's code and type. */
  outcome<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: number; type: string }>;
}
export type PageWithSdk = typeof globalThis & { lyraSdk: PageSdk };

/** Loads the app's SDK chunk into the page (the module the app itself runs) as `globalThis.lyraSdk`. */
export async function useAppSdk(page: Page): Promise<void> {
  const chunk = readdirSync(join(REPO_ROOT, 'apps/web/dist/assets')).find((f) => /^sdk-[\w-]+\.js$/.test(f));
  if (!chunk) throw new Error('No sdk-*.js chunk in apps/web/dist/assets');
  // A string, so the test runner does not rewrite the page's import() as its own.
  await page.evaluate(`import(${JSON.stringify(`/assets/${chunk}`)}).then((m) => { globalThis.lyraSdkModule = m; })`);
  await page.evaluate(() => {
    const mod = (globalThis as typeof globalThis & { lyraSdkModule: Record<string, unknown> }).lyraSdkModule;
    const classes = Object.values(mod).filter((v): v is { prototype: Record<string, unknown> } => typeof v === 'function');
    const having = (...methods: string[]) => classes.find((c) => methods.every((m) => typeof c.prototype[m] === 'function'));
    (globalThis as PageWithSdk).lyraSdk = {
      Client: having('setEndpoint', 'setJWT'),
      Account: having('createJWT', 'updateStatus'),
      Databases: having('listDocuments', 'createDocument'),
      outcome: (call: Promise<unknown>) =>
        call.then(
          (value) => ({ ok: true, value }),
          (e: { code: number; type: string }) => ({ ok: false, code: e.code, type: e.type }),
        ),
    } as unknown as PageSdk;
  });
}
