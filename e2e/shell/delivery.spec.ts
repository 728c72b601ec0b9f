import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Request, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * How the built web app is delivered (decision 019): compressed (brotli first, gzip as fallback)
 * from files compressed at build time, hashed assets cached forever, index.html revalidated.
 */
async function assetsOf(request: APIRequestContext) {
  const html = await (await request.get('/signin', { headers: { 'Accept-Encoding': 'identity' } })).text();
  const script = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  const style = html.match(/href="(\/assets\/index-[^"]+\.css)"/)?.[1];
  expect(script, 'index.html names its entry script').toBeTruthy();
  expect(style, 'index.html names its stylesheet').toBeTruthy();
  return { script: script as string, style: style as string };
}

test.describe('web delivery', () => {
  test('index.html is compressed, revalidated on every visit and carries an ETag', async ({ request }) => {
    for (const path of ['/', '/signin', '/user/dashboard']) {
      const res = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status()).toBe(200);
      const headers = res.headers();
      expect(headers['content-type']).toContain('text/html');
      expect(headers['content-encoding']).toBe('br');
      expect(headers['cache-control']).toBe('no-cache');
      expect(headers.etag).toBeTruthy();
      expect(headers.vary).toContain('accept-encoding');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  test('hashed scripts and styles are sent as brotli, gzip or plain, and cached for a year', async ({ request }) => {
    const { script, style } = await assetsOf(request);
    for (const path of [script, style]) {
      const plain = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
      const plainBody = await plain.body();
      expect(plain.headers()['content-encoding']).toBeUndefined();
      for (const { accept, encoding } of [
        { accept: 'br, gzip', encoding: 'br' },
        { accept: 'gzip', encoding: 'gzip' },
      ]) {
        const res = await request.get(path, { headers: { 'Accept-Encoding': accept } });
        const headers = res.headers();
        expect(headers['content-encoding'], `${path} with ${accept}`).toBe(encoding);
        expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(headers.etag).toBeTruthy();
        expect(Number(headers['content-length'])).toBeLessThan(plainBody.length / 2);
        // Playwright decodes the body: the same bytes as the plain file.
        expect((await res.body()).equals(plainBody)).toBe(true);
      }
    }
  });

  test('an ETag answers 304 on a revisit, and a missing asset is a 404, never index.html', async ({ request }) => {
    const first = await request.get('/signin', { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers().etag ?? '';
    expect(etag).not.toBe('');
    const again = await request.get('/signin', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    const missing = await request.get('/assets/index-missing.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('application/json');
  });

  test("a page is sent with preload hints for its route's chunks, each a file that exists (decision 023)", async ({ request }) => {
    // Chunks are named by their hash (decision 035): the build's manifest says which file holds a module.
    const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const pages: [string, string][] = [
      ['/signin', 'src/features/auth/pages/sign-in-page.tsx'],
      ['/dashboard', 'src/app/layout/app-layout.tsx'],
      ['/received-packages', 'src/app/routes/received-packages-route.tsx'],
    ];
    for (const [page, source] of pages) {
      const link = (await request.get(page)).headers().link ?? '';
      const hinted = [...link.matchAll(/<([^>]+)>; rel=modulepreload/g)].map((m) => m[1] as string);
      const chunk = `/${manifest[source]?.file}`;
      expect(hinted, `${page} hints ${source} (${chunk}): ${link}`).toContain(chunk);
      for (const file of hinted) expect((await request.get(file)).status(), file).toBe(200);
    }
    // The chunks index.html loads itself are not hinted again.
    const html = await (await request.get('/signin')).text();
    const link = (await request.get('/signin')).headers().link ?? '';
    const entry = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1] ?? '';
    expect(link).not.toContain(entry);
  });

  test('a customer page loads no script before it is idle that it was not sent a hint for (decision 088)', async ({ page }) => {
    // A component the page loads lazily as it renders makes another round of requests after the page's own, and
    // the bundle check and the preload hints do not see it: every script a page needs comes with it.
    const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    // The toast library and the app's Toaster (app/toaster.tsx), which loads with it.
    const toastFiles = Object.entries(manifest)
      .filter(([source]) => source.includes('node_modules/sonner/') || source.endsWith('src/app/toaster.tsx'))
      .map(([, chunk]) => `/${chunk.file}`);
    expect(toastFiles).toHaveLength(2);
    // Every portal page a signed-in customer opens: the pages the server sends hints for, but the public ones.
    const { pages } = JSON.parse(readFileSync(path.join(WEB_DIST, '../page-modules.json'), 'utf8')) as { pages: Record<string, string[]> };
    const signedInPages = Object.keys(pages).filter((page) => page !== '/signin' && page !== '/signup');
    expect(signedInPages).toEqual(expect.arrayContaining(['/dashboard', '/received-packages', '/profile', '/support']));
    await openSignedIn(page, DEMO.email, DEMO.password);
    // Every script from the network, so each page shows all it loads, not only what the pages before it did not.
    await (await page.context().newCDPSession(page)).send('Network.setCacheDisabled', { cacheDisabled: true });
    for (const pagePath of signedInPages) {
      const scripts = new Set<string>();
      const seen = (request: Request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname);
      };
      page.on('request', seen);
      const response = await page.goto(pagePath);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('request', seen);
      const html = (await response?.text()) ?? '';
      const link = response?.headers().link ?? '';
      const sent = new Set([
        ...[...link.matchAll(/<([^>]+)>; rel=modulepreload/g)].map((m) => m[1]),
        ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
        // Asked for once the page is idle, so that a toast after the network is gone still shows (decision 084).
        ...toastFiles,
      ]);
      const unhinted = [...scripts].filter((file) => !sent.has(file));
      expect(unhinted, `${pagePath} loaded scripts it was not sent hints for`).toEqual([]);
    }
  });
});
