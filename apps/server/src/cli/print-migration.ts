/**
 * Prints the collections DDL generated from appwrite.json:
 *   npx tsx apps/server/src/cli/print-migration.ts > apps/server/migrations/backend/0100-collections.sql
 * With collection ids as arguments it prints only those (for a new migration
 * that adds a collection). See backend/schema/README.md.
 */
import { loadSchema } from '../backend/schema/appwrite-schema.js';
import { collectionDdl, schemaDdl } from '../backend/schema/ddl.js';

const schema = loadSchema();
const only = process.argv.slice(2);
if (only.length === 0) {
  process.stdout.write(schemaDdl(schema));
} else {
  for (const id of only) {
    const collection = schema.file.collections.find((c) => c.$id === id);
    if (!collection) {
      process.stderr.write(`no collection ${id} in appwrite.json\n`);
      process.exit(1);
    }
    process.stdout.write(collectionDdl(collection) + '\n\n');
  }
}
