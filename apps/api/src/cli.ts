import { parseArgs } from 'node:util';
import { emailSchema } from '@hopbox/contracts/auth';
import { PASSWORD_MIN_LENGTH, ROLES, type Role, STAFF_PASSWORD_MIN_LENGTH } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { embeddedDatabaseHolder } from './db/embedded-lock.ts';
import { AppError } from './lib/errors.ts';
import { createAccount } from './modules/auth/auth-service.ts';
import { enrolKnownSecret } from './modules/auth/mfa-service.ts';
import { passwordPolicyProblem } from './modules/auth/password-policy.ts';
import { isTotpSecret } from './modules/auth/totp.ts';
import { seedGccDutyRules } from './modules/duties/gcc-duty-rules.ts';
import { copyUploadsToBucket } from './providers/storage/copy-to-bucket.ts';
import { createS3Client } from './providers/storage/s3-storage.ts';

const USAGE = `Usage:
  npm run cli -- user:create --role user|staff|admin --email EMAIL --password PASSWORD --first-name NAME --last-name NAME [--totp-secret BASE32]
  npm run cli -- storage:migrate     (copies the photos under DATA_DIR/uploads to the S3_BUCKET; safe to repeat)
  npm run cli -- duty-rules:seed-gcc (adds the GCC countries' import duty rules that are missing; safe to repeat)

Staff and admin accounts exist only through this command; their passwords need at least
${STAFF_PASSWORD_MIN_LENGTH} characters, and no account may use a common password. Staff and admins enrol a
second factor on their first sign-in, or now with --totp-secret: a base32 secret your authenticator app
(or automation) already holds; the account's recovery codes are printed once. Run it with the server's
JWT_SECRET, which the secret is encrypted under.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function userCreate(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'totp-secret': { type: 'string' },
    },
    strict: true,
  });
  const role = values.role as Role;
  if (!ROLES.includes(role)) fail(`--role must be one of: ${ROLES.join(', ')}\n\n${USAGE}`);
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
  if (!values.password || values.password.length < PASSWORD_MIN_LENGTH) fail(`--password: ${messages.signup.passwordMin}`);
  const passwordProblem = passwordPolicyProblem(values.password, role);
  if (passwordProblem) fail(`--password: ${passwordProblem}`);
  if (!values['first-name']?.trim()) fail(`--first-name: ${messages.signup.firstNameRequired}`);
  if (!values['last-name']?.trim()) fail(`--last-name: ${messages.signup.lastNameRequired}`);
  const totpSecret = values['totp-secret']?.replace(/[\s=]/g, '').toUpperCase();
  if (totpSecret !== undefined && !isTotpSecret(totpSecret))
    fail('--totp-secret: must be a base32 secret (letters A-Z and digits 2-7) of at least 16 characters');

  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  try {
    const [password, firstName, lastName] = [values.password, values['first-name'].trim(), values['last-name'].trim()];
    const { user, recoveryCodes } = await database.db.transaction(async (tx) => {
      const created = await createAccount(tx, {
        role,
        email: email.data,
        password,
        firstName,
        lastName,
      });
      return { user: created, recoveryCodes: totpSecret ? await enrolKnownSecret(tx, config, created.id, totpSecret) : null };
    });
    console.log(`Created ${role} ${user.email} (id ${user.id}${user.lockerNumber ? `, locker ${user.lockerNumber}` : ''})`);
    if (recoveryCodes) {
      console.log('Two-factor authentication is on with the given secret. Recovery codes (each works once; shown only now):');
      for (const code of recoveryCodes) console.log(`  ${code}`);
    }
  } finally {
    await database.close();
  }
}

/** The configured database, migrated; the embedded one only when no running server holds it. */
async function openMigratedDatabase(config: Config) {
  if (!config.databaseUrl) {
    const holder = embeddedDatabaseHolder(config.dataDir);
    if (holder) {
      fail(
        `The embedded database in ${config.dataDir} is in use by a running server (process ${holder}).\n` +
          'Stop the server first (Ctrl+C), run this command, then start it again.',
      );
    }
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: config.databaseLimits });
  await database.migrate();
  return database;
}

/** Adds the GCC destinations' duty rules that are missing; rules already there, an admin's included, are kept. */
async function dutyRulesSeedGcc() {
  const database = await openMigratedDatabase(loadConfig());
  try {
    const { added, kept } = await seedGccDutyRules(database.db);
    console.log(
      `Added the duty rules of ${added.length ? added.join(', ') : 'no country'}; kept ${kept.length ? kept.join(', ') : 'none'} as they were.`,
    );
    console.log('Confirm their figures against the current law before relying on them (decision 071).');
  } finally {
    await database.close();
  }
}

async function storageMigrate() {
  const config = loadConfig();
  if (config.storage.provider !== 's3') fail('storage:migrate copies photos to S3: set S3_BUCKET (and the other S3_* settings) first.');
  const s3 = createS3Client(config.storage);
  try {
    const { copied, alreadyThere } = await copyUploadsToBucket(config.dataDir, s3, config.storage.bucket);
    console.log(`Copied ${copied} file${copied === 1 ? '' : 's'} to ${config.storage.bucket}; ${alreadyThere} already there.`);
  } finally {
    s3.destroy();
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'user:create') return userCreate(rest);
  if (command === 'storage:migrate') return storageMigrate();
  if (command === 'duty-rules:seed-gcc') return dutyRulesSeedGcc();
  fail(USAGE);
}

main().catch((err) => {
  if (err instanceof AppError || err instanceof ConfigError) fail(err.message);
  if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) fail(`${err.message}\n\n${USAGE}`);
  console.error(err);
  process.exit(1);
});
