import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateName } from './pglite-settings.js';

/**
 * A freshly initialised PGlite data folder, made once at build time (`npm run build -w apps/server`
 * runs `node dist/db/pglite-template.js`) and kept beside the built worker. A first start copies it
 * into DATA_DIR/pglite instead of running initdb, which in PGlite runs a second database of its own
 * beside the first and copies its whole heap (about 500 MB more at that moment), and then opens it as
 * any later start does. Named after the PGlite version, so a new version never starts from another's
 * folder; without it (running from source, or a build that did not make it) the server runs initdb.
 */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export const templateDir = (): string => fileURLToPath(new URL(`./${templateName(pgliteVersion())}`, import.meta.url));

/** Whether `dataDir` holds no database yet. */
export const isFresh = (dataDir: string): boolean => !existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Copies the template into `dataDir` when that holds no database and the template exists; says
 * whether it did. The copy goes to a folder beside it first, so a start stopped half-way leaves no
 * half a database behind.
 */
export function seedFromTemplate(dataDir: string, template = templateDir()): boolean {
  if (!isFresh(dataDir) || !existsSync(join(template, 'PG_VERSION'))) return false;
  const partial = `${dataDir}.seed-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return true;
}

/** Makes the template (initdb into a folder) unless this version's is already there. */
export async function makeTemplate(): Promise<string> {
  const dir = templateDir();
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const partial = `${dir}.${process.pid}.part`;
  rmSync(partial, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({ dataDir: partial });
  await pg.close();
  try {
    renameSync(partial, dir);
  } catch (e) {
    // Another build made it meanwhile: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) throw e;
  }
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await makeTemplate();
  process.stdout.write(`PGlite data folder template: ${dir}\n`);
}
