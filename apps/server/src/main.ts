import { once } from 'node:events';
import { ALL_MODULES, createApp, type ModuleName } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { createLogger } from './log.js';

/** `node main.js [--only catalogue|backend]`: reads config, opens the db, serves. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(e.message + '\n');
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL);
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').split(',') : [...ALL_MODULES];
  for (const m of only) {
    if (!ALL_MODULES.includes(m as ModuleName)) {
      process.stderr.write(`Invalid --only: ${JSON.stringify(m)} (expected ${ALL_MODULES.join(', ')})\n`);
      process.exit(1);
    }
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((e: unknown) => {
    if (!(e instanceof DataDirLockedError)) throw e;
    process.stderr.write(e.message + '\n');
    process.exit(1);
  });
  const app = await createApp({ config, db, log, now: Date.now }, only as ModuleName[]);
  const server = app.createServer();
  server.listen(config.PORT, config.HOST);
  await once(server, 'listening');
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

await main();
