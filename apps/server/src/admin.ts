import { adminMain } from './video/admin/admin-main.js';

/** `npm run admin -- video add|render|list|remove ...` (see video/admin/admin-main.ts). */
const code = await adminMain(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
});
// Exit explicitly: a module may keep a timer or handle open after its work is done.
process.exit(code);
