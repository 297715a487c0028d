import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { loadDevelopmentExtras } from './development/load.js';
import { loadConfig } from './env.js';
import { createServer } from './server.js';
import { createBootstrapAdmin } from './domain/admin-bootstrap.js';
import { hashPassword } from './domain/passwords.js';

/** A setting that stops the start (env.ts) is said in one line, not as a stack trace. */
function readConfig(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (error) {
    console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** Starts the application: database, migrations, essential rows, optional admin and demo data, then HTTP. */
const config = readConfig();
if (config.production && config.outbox.transport.kind === 'log') {
  console.warn('NOTIFY_TRANSPORT=log: messages to parents and drivers only reach this log (template key, id and masked phone; no text) and are marked sent.');
}
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
await seedEssentials(database.db);
if (config.admin && (await createBootstrapAdmin(database.db, config.admin))) {
  console.log(`Created the admin account ${config.admin.email}.`);
}
if (config.demoData) {
  const { seedDemo, DEMO_SIGN_INS } = await loadDevelopmentExtras();
  await seedDemo(database.db, hashPassword);
  console.log(
    [
      '',
      'Demo data is loaded. Sign in with:',
      `  Admin:  ${DEMO_SIGN_INS.admin.email} / ${DEMO_SIGN_INS.admin.password}   (http://localhost:${config.port}/admin-login)`,
      `  Staff:  ${DEMO_SIGN_INS.staff.email} / ${DEMO_SIGN_INS.staff.password}   (http://localhost:${config.port}/admin-login)`,
      `  Parent: ${DEMO_SIGN_INS.parent.email} / ${DEMO_SIGN_INS.parent.password}   (http://localhost:${config.port}/parent-login)`,
      `  Driver: ${DEMO_SIGN_INS.driver.phone} / ${DEMO_SIGN_INS.driver.password}   (http://localhost:${config.port}/driver-login)`,
      `  Attendant: ${DEMO_SIGN_INS.attendant.phone} / ${DEMO_SIGN_INS.attendant.password}   (http://localhost:${config.port}/driver-login)`,
      '',
    ].join('\n'),
  );
}

// The demo pays through a local stand-in of Tap's API and hosted page, so a newcomer can click through a payment.
let tap = config.tap;
if (config.demoData && !tap) {
  const { startTapStandIn } = await loadDevelopmentExtras();
  const secretKey = 'sk_test_demo_stand_in';
  const standIn = await startTapStandIn({ secretKey });
  tap = { secretKey, apiUrl: standIn.apiUrl, publicUrl: config.publicUrl ?? `http://localhost:${config.port}` };
  console.log(`Online payments go through a local stand-in of Tap at ${standIn.apiUrl}.`);
}

const server = await createServer({
  db: database.db,
  listen: config.sessionCache ? database.listen : undefined,
  sessionSecret: config.sessionSecret,
  cookieSecure: config.cookieSecure,
  trustProxy: config.trustProxy,
  bootstrapAdmin: config.admin,
  development: config.devShortcuts,
  webDist: config.webDist,
  logLevel: config.logLevel,
  allowedOrigins: config.allowedOrigins,
  requestsPerMinute: config.requestsPerMinute,
  addressLimits: config.addressLimits,
  outbox: config.outbox,
  whatsappWebhook: config.whatsappWebhook,
  map: config.map,
  tap,
  traccarForwardSecret: config.traccarForwardSecret,
  feeJob: true,
  overdueRunJob: true,
  busNotices: database.listen,
  positionRetentionDays: config.positionRetentionDays,
  inactiveFamilyMonths: config.inactiveFamilyMonths,
});
const address = await server.start(config.port, config.host);
console.log(
  `School transport is running at ${address.replace('0.0.0.0', 'localhost')} on ${database.engine === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}.`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
