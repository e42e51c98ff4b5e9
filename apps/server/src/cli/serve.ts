import { ALL_MODULES, createApp, type ModuleName } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { createLogger } from '../log.js';

/** `node cli/serve.js [--only catalogue|backend]` (`npm start`): reads config, opens the db, serves. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').split(',') : [...ALL_MODULES];
  for (const m of only) {
    if (!ALL_MODULES.includes(m as ModuleName)) {
      throw new ConfigError(`Invalid --only: ${JSON.stringify(m)} (expected ${ALL_MODULES.join(', ')})`);
    }
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await createApp({ config, db, log, now: Date.now }, only as ModuleName[]).catch(async (e: unknown) => {
    await db.close();
    throw e;
  });
  const server = app.createServer();
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE' || e.code === 'EACCES'
          ? new ConfigError(`Invalid PORT=${config.PORT}: ${e.code === 'EADDRINUSE' ? 'already in use' : 'not permitted'}`)
          : e,
      ),
    );
  }).catch(async (e: unknown) => {
    await app.stop();
    await db.close();
    throw e;
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  log.info('listening', { url: `http://localhost:${port}`, db: db.engine, music: config.MUSIC_DIR });
  await app.start();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info('stopping');
    server.closeAllConnections();
    server.close();
    await app.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

// A configuration problem stops start-up with one clear line naming what is wrong.
await main().catch((e: unknown) => {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(e.message + '\n');
  process.exit(1);
});
