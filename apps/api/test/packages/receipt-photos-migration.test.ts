import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmbeddedClient } from '../../src/db/client.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The migrations before 0008, as a folder of their own, to build a database as it was before the change. */
function migrationsBefore(index: number) {
  const folder = mkdtempSync(path.join(tmpdir(), 'hopbox-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * Migration 0008 (decision 030): the photos taken at receipt, which decision 010 stored as a
 * COMPLETED photo request, become the package's own photos and those requests go; a request the
 * customer made (even one staff noted the same way) stays as it is.
 */
describe('migration 0008: receipt photos move from photo requests to their package', () => {
  let client: PGlite;
  let before: string;
  const q = async <T>(sql: string) => (await client.query<T>(sql)).rows;

  beforeAll(async () => {
    client = newEmbeddedClient();
    before = migrationsBefore(8);
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.exec(`
      INSERT INTO users (id, tenant_id, email, password_hash, first_name, last_name, locker_number)
        VALUES (1, 1, 'layla@example.test', 'x', 'Layla', 'Haddad', 'HB900001');
      INSERT INTO packages (id, hopbox_id, user_id, locker_number, shipper, package_content, origin)
        VALUES (1, 'HBX9000001', 1, 'HB900001', 'Zara', 'Coat', 'Spain');
      -- What the receive step wrote: completed at the instant it was requested, no customer notes.
      INSERT INTO photo_requests (id, user_id, package_id, order_id, priority, status, notes, staff_notes, requested_date, completed_date)
        VALUES (1, 1, 1, 'PR000001', 'LOW', 'COMPLETED', NULL, 'Photos taken at receipt', '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z');
      -- A request the customer made, completed later with the same words from staff.
      INSERT INTO photo_requests (id, user_id, package_id, order_id, priority, status, notes, staff_notes, requested_date, completed_date)
        VALUES (2, 1, 1, 'PR000002', 'MEDIUM', 'COMPLETED', NULL, 'Photos taken at receipt', '2026-01-02T10:00:00Z', '2026-01-02T12:00:00Z');
      INSERT INTO photo_request_attachments (id, photo_request_id, file_name, original_file_name, mime_type, file_size, storage_key)
        VALUES (1, 1, 'a.jpg', 'front.jpg', 'image/jpeg', 10, 'photos/1/a.jpg'),
               (2, 1, 'b.jpg', 'label.jpg', 'image/jpeg', 10, 'photos/1/b.jpg'),
               (3, 2, 'c.jpg', 'asked.jpg', 'image/jpeg', 10, 'photos/2/c.jpg');
    `);
    await migrate(drizzle(client), { migrationsFolder });
  });

  afterAll(async () => {
    await client?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('gives the receipt photos to their package, keeping their files', async () => {
    expect(await q('SELECT id, photo_request_id, package_id, storage_key FROM photo_request_attachments ORDER BY id')).toEqual([
      { id: 1, photo_request_id: null, package_id: 1, storage_key: 'photos/1/a.jpg' },
      { id: 2, photo_request_id: null, package_id: 1, storage_key: 'photos/1/b.jpg' },
      { id: 3, photo_request_id: 2, package_id: null, storage_key: 'photos/2/c.jpg' },
    ]);
  });

  it('removes the receipt request and keeps the one the customer made', async () => {
    expect(await q('SELECT id, order_id FROM photo_requests ORDER BY id')).toEqual([{ id: 2, order_id: 'PR000002' }]);
  });

  it('refuses a photo that belongs to nothing', async () => {
    await expect(
      client.exec(
        "INSERT INTO photo_request_attachments (file_name, original_file_name, mime_type, file_size, storage_key) VALUES ('d.jpg', 'd.jpg', 'image/jpeg', 1, 'k')",
      ),
    ).rejects.toThrow(/attachments_belong_somewhere/);
  });
});
