import { createInterface } from 'node:readline/promises';
import { createDatabase, migrateToLatest } from '@school-transport/db';
import { loadConfig } from '../env.js';
import { createBootstrapAdmin } from '../domain/admin-bootstrap.js';

/**
 * `pnpm admin:create [email] [name]`: creates an admin account. The password comes from
 * ADMIN_PASSWORD or is asked for, so it never lands in the shell history.
 */
const config = loadConfig();
const [emailArg, nameArg] = process.argv.slice(2);
const prompt = createInterface({ input: process.stdin, output: process.stdout });
const email = emailArg ?? process.env.ADMIN_EMAIL ?? (await prompt.question('Admin email: '));
const password = process.env.ADMIN_PASSWORD ?? (await prompt.question('Password (at least 12 characters): '));
prompt.close();

const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  const created = await createBootstrapAdmin(database.db, { email, password, name: nameArg });
  console.log(created ? `Created the admin account ${email}.` : `A user with the email ${email} already exists; nothing changed.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
