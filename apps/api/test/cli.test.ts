import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@hopbox/contracts/messages';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { totpCode } from '../src/modules/auth/totp.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { runCli } from './run-cli.ts';

/** In the api-postgres project the CLI writes to the test's PostgreSQL database; otherwise to the embedded one in DATA_DIR. */
const onPostgres = process.env.TEST_DB === 'postgres';
/** Each CLI run is a new Node process that loads the app (and boots the embedded database): slow on a busy machine. */
const CLI_TIMEOUT_MS = 120_000;

/** Runs the CLI with its own DATA_DIR, on the embedded database there unless a DATABASE_URL is given. */
const cli = (dataDir: string, args: string[], databaseUrl?: string) => runCli(args, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

/** Long enough for staff and admins, and not a common password. */
const CLI_PASSWORD = 'Warehouse-key-42';
const account = (role: string, email: string, extra: string[] = []) => [
  'user:create',
  '--role',
  role,
  '--email',
  email,
  '--password',
  CLI_PASSWORD,
  '--first-name',
  'Cli',
  '--last-name',
  role,
  ...extra,
];

describe('CLI user:create', () => {
  const dirs: string[] = [];
  const tempDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hopbox-cli-test-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  describe(`creating accounts (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
    let dataDir: string;
    let t: TestApp | undefined;
    let databaseUrl: string | undefined;
    beforeAll(async () => {
      dataDir = tempDataDir();
      if (onPostgres) {
        t = await buildTestApp();
        databaseUrl = t.config.databaseUrl;
      }
    });
    afterAll(() => t?.close());

    /** The database the CLI wrote to, and the API on it (the embedded one is opened after the CLI has exited). */
    async function withWrittenDatabase(check: (db: TestApp['db'], app: TestApp['app']) => Promise<void>) {
      if (t) return check(t.db, t.app);
      const database = openDatabase({ dataDir });
      try {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER_INTERVAL_MS: '0' });
        const app = await buildApp({ config, db: database.db, logger: false, webDist: null });
        try {
          await check(database.db, app);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    }

    it(
      'creates a staff, an admin and a customer account that sign in with their role',
      async () => {
        // A server.pid naming a process that has exited does not hold the embedded database.
        const gone = spawn(process.execPath, ['-e', '0']);
        await new Promise((resolve) => gone.on('exit', resolve));
        writeFileSync(path.join(dataDir, 'server.pid'), String(gone.pid));

        const staff = await cli(dataDir, account('staff', 'Staff.Member@Example.com'), databaseUrl);
        expect(staff.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
        expect(staff.code).toBe(0);
        expect(staff.stdout).toContain('Created staff staff.member@example.com');
        const admin = await cli(dataDir, account('admin', 'admin.member@example.com'), databaseUrl);
        expect(admin.code).toBe(0);
        expect(admin.stdout).toContain('Created admin admin.member@example.com');
        const user = await cli(dataDir, account('user', 'customer.member@example.com'), databaseUrl);
        expect(user.code).toBe(0);
        expect(user.stdout).toMatch(/Created user customer\.member@example\.com \(id \d+, locker HB\d{6,}\)/);

        // The accounts are in the database, and sign in through the API with their role.
        await withWrittenDatabase(async (db, app) => {
          const rows = await db.select().from(users).orderBy(asc(users.id));
          expect(rows.map((r) => [r.email, r.role])).toEqual([
            ['staff.member@example.com', 'staff'],
            ['admin.member@example.com', 'admin'],
            ['customer.member@example.com', 'user'],
          ]);
          expect(rows[0]?.lockerNumber).toBeNull();
          expect(rows[1]?.lockerNumber).toBeNull();
          expect(rows[2]?.lockerNumber).toMatch(/^HB\d{6,}$/);
          expect(rows.every((r) => r.passwordHash.startsWith('$argon2id$'))).toBe(true);
          for (const [email, role] of [
            ['staff.member@example.com', 'staff'],
            ['admin.member@example.com', 'admin'],
            ['customer.member@example.com', 'user'],
          ]) {
            const res = await app.inject({
              method: 'POST',
              url: '/api/sso/signin',
              payload: { email, password: CLI_PASSWORD, userType: 'user' },
            });
            expect(res.statusCode, email).toBe(200);
            expect(res.json().user.role).toBe(role);
          }
        });
      },
      CLI_TIMEOUT_MS,
    );

    it(
      'enrols the authenticator of a staff account with --totp-secret: sign-in asks for the code, which the secret gives, and prints the recovery codes once',
      async () => {
        const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
        // The secret is encrypted under JWT_SECRET: the CLI runs with the server's.
        const res = await runCli(account('staff', 'totp.staff@example.com', ['--totp-secret', 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp']), {
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          ...(t ? { JWT_SECRET: t.config.jwtSecret } : {}),
        });
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toContain('Created staff totp.staff@example.com');
        const codes = res.stdout.match(/^ {2}[0-9a-z]{5}-[0-9a-z]{5}$/gm) ?? [];
        expect(codes).toHaveLength(10);

        await withWrittenDatabase(async (_db, app) => {
          const signIn = await app.inject({
            method: 'POST',
            url: '/api/sso/signin',
            payload: { email: 'totp.staff@example.com', password: CLI_PASSWORD, userType: 'user' },
          });
          expect(signIn.json()).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery_code'] });
          const verified = await app.inject({
            method: 'POST',
            url: '/api/auth/mfa/verify',
            payload: { mfaToken: signIn.json().mfaToken, code: totpCode(secret) },
          });
          expect(verified.statusCode, verified.body).toBe(200);
          const staffCall = await app.inject({
            method: 'GET',
            url: '/api/staff/packages',
            headers: { authorization: `Bearer ${verified.json().token}` },
          });
          expect(staffCall.statusCode).toBe(200);
        });
      },
      CLI_TIMEOUT_MS,
    );

    it.each<[string, string[], string]>([
      [
        'a --totp-secret that is not base32',
        account('admin', 'bad.secret@example.com', ['--totp-secret', 'not-a-secret!']),
        '--totp-secret: must be a base32 secret',
      ],
      ['a taken email, in any case,', account('admin', 'STAFF.member@example.com'), 'An account with this email already exists'],
    ])(
      'refuses %s with a clear message and exit code 1',
      async (_what, args, message) => {
        const res = await cli(dataDir, args, databaseUrl);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(message);
        expect(res.stdout).not.toContain('Created');
      },
      CLI_TIMEOUT_MS,
    );
  });

  it(
    'refuses bad arguments with a clear message and exit code 1, before touching the database',
    async () => {
      const dataDir = tempDataDir();
      const cases: Array<[string[], string]> = [
        [account('boss', 'boss@example.com'), '--role must be one of: user, staff, admin'],
        [account('staff', 'not-an-email'), '--email: Email is invalid'],
        [
          ['user:create', '--role', 'staff', '--email', 'a@example.com', '--password', 'abc', '--first-name', 'A', '--last-name', 'B'],
          '--password: Password must be at least 6 characters',
        ],
        [
          [
            'user:create',
            '--role',
            'staff',
            '--email',
            'a@example.com',
            '--password',
            'Xk4-parcels',
            '--first-name',
            'A',
            '--last-name',
            'B',
          ],
          `--password: ${messages.auth.staffPasswordMin}`,
        ],
        [
          ['user:create', '--role', 'user', '--email', 'a@example.com', '--password', 'password1', '--first-name', 'A', '--last-name', 'B'],
          `--password: ${messages.auth.passwordTooCommon}`,
        ],
        [
          ['user:create', '--role', 'staff', '--email', 'a@example.com', '--password', CLI_PASSWORD, '--last-name', 'B'],
          '--first-name: First name is required',
        ],
        [account('staff', 'a@example.com', ['--bogus', 'x']), "Unknown option '--bogus'"],
      ];
      const runs = await Promise.all(cases.map(([args]) => cli(dataDir, args)));
      runs.forEach((res, i) => {
        const [args, message] = cases[i] ?? [[], ''];
        expect(res.code, args.join(' ')).toBe(1);
        expect(res.stderr, args.join(' ')).toContain(message);
        // Usage follows where the arguments themselves were wrong.
        if (message.startsWith('--role') || message.startsWith('Unknown option')) expect(res.stderr).toContain('Usage:');
        expect(res.stdout, args.join(' ')).not.toContain('Created');
      });
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    },
    CLI_TIMEOUT_MS,
  );

  describe('with a server running on the embedded database', () => {
    let server: ChildProcess;
    beforeAll(async () => {
      // Stands in for the server: a live process whose pid is in DATA_DIR/server.pid.
      server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
      await new Promise((resolve) => server.on('spawn', resolve));
    });
    afterAll(() => {
      server.kill();
    });

    it(
      'refuses with a message about the running server, a non-zero exit, and leaves the database alone',
      async () => {
        const dataDir = tempDataDir();
        writeFileSync(path.join(dataDir, 'server.pid'), String(server.pid));
        const res = await cli(dataDir, account('admin', 'blocked@example.com'));
        expect(res.code).not.toBe(0);
        expect(res.code).not.toBeNull();
        expect(res.stderr).toContain('in use by a running server');
        expect(res.stderr).toContain(`process ${server.pid}`);
        expect(res.stdout).not.toContain('Created');
        expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
      },
      CLI_TIMEOUT_MS,
    );
  });
});
