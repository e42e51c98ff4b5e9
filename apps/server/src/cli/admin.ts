import { USERS_USAGE, usersAdminMain } from '../backend/accounts/admin-command.js';
import { SCAN_USAGE, scanAdminMain } from '../catalogue/scanner/admin-scan.js';
import { SUBSONIC_USAGE, subsonicAdminMain } from '../subsonic/admin-command.js';
import { adminMain } from '../video/admin/admin-main.js';
import { openDirect } from './direct-target.js';

/**
 * `npm run admin -- video add|render|list|remove ...` (video/admin/admin-main.ts; with no
 *   server running it opens the data folder through ./direct-target.ts)
 * `npm run admin -- subsonic credentials <email>` (subsonic/admin-command.ts)
 * `npm run admin -- scan [--full] [--json]` (catalogue/scanner/admin-scan.ts)
 * and `npm run admin -- users list|promote <email>|demote <email>` (backend/accounts/admin-command.ts).
 */
const io = {
  out: (line: string) => process.stdout.write(line + '\n'),
  err: (line: string) => process.stderr.write(line + '\n'),
};
const [area, ...rest] = process.argv.slice(2);
const code =
  area === 'subsonic' ? await subsonicAdminMain(rest, process.env, io)
  : area === 'scan' ? await scanAdminMain(rest, process.env, io)
  : area === 'users' ? await usersAdminMain(rest, process.env, io)
  : await adminMain(process.argv.slice(2), process.env, io, openDirect);
if (area === undefined || area === 'help' || area === '--help' || area === '-h') io.err(`${SUBSONIC_USAGE}\n${SCAN_USAGE}\n${USERS_USAGE}`);
// Exit explicitly: a module may keep a timer or handle open after its work is done.
process.exit(code);
