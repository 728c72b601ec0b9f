import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `tsx apps/api/src/cli.ts …args` (what `npx tsx` and `npm run cli` run, without npm's start-up time) with
 * the test's environment plus `env`; DATABASE_URL only when `env` gives one, so the embedded database in
 * DATA_DIR is the default.
 */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  delete childEnv.DATABASE_URL;
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
