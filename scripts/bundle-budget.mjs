// `npm run check:bundle`: the JavaScript each page needs before it is interactive, measured on the
// last build (apps/web/dist) from Vite's manifest and the build's own .gz files, against a budget.
// Prints every measured size; exits 1 past a budget (bytes or files), when a console library reaches the portal, or
// when the entry lacks V8's compile hint on its first line. Decisions 019, 035, 086 and 087.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../apps/web/compile-hints.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

/**
 * The goal (issue "Speed"): what /signin needs before it is interactive, at most 120 KB gzipped.
 * Reached by decision 035 (the sign-in page loads no form, schema, data-cache or toast library). Each
 * page has a ceiling just above what it measures, so the bundle can only shrink (a ratchet): lower a
 * ceiling when a change makes its page smaller, never raise one. The one exception so far, decision 088: /profile
 * and /dashboard rendered components they loaded lazily, in further rounds of requests this check did not see; they
 * are now static imports of their pages, and the ceilings of /profile, /dashboard and /support (whose files the
 * regrouping changed) rose to what the pages load, less than the browser asked for before. Decision 089: /profile asks
 * for its data while its code loads, as the other pages do, from a chunk of its own (0.3 KB, a 13th file), so its
 * data no longer waits for the page to render.
 */
const TARGET_KB = 120;
/** Gzipped kilobytes of one chunk. */
const CHUNK_BUDGET_KB = 60;
/**
 * The most files a portal page waits for before it is interactive (decision 087): on HTTP/1.1 each takes its turn on
 * one of six connections. Like the ceilings, lowered when a change lets every page load fewer, never raised.
 */
const MAX_FILES = 13;
/** Each portal page's ceiling in gzipped KB; the modules it loads are the ones apps/web/page-modules.json names. */
const CEILINGS_KB = {
  '/signin': TARGET_KB,
  '/signup': 177.3,
  '/dashboard': 139.6,
  '/received-packages': 160.7,
  '/shipments-progress': 158.3,
  '/sent-shipment': 158.0,
  '/photo-requests': 158.9,
  '/addresses': 150.9,
  '/profile': 170.1,
  '/claims': 159.5,
  '/support': 182.5,
};
const pageModules = JSON.parse(readFileSync(path.join(root, 'apps/web/page-modules.json'), 'utf8')).pages;
const PORTAL_PAGES = Object.fromEntries(
  Object.entries(CEILINGS_KB).map(([page, ceilingKb]) => [page, { sources: pageModules[page], ceilingKb }]),
);
/** Libraries only the warehouse console uses: a portal page must never load them. */
const CONSOLE_ONLY = ['jsbarcode', 'react-qr-code', 'react-dropzone'];

if (!existsSync(manifestFile) || !existsSync(path.join(root, 'apps/web/bundle-stats.json'))) {
  console.error('No build to measure: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// rollup-plugin-visualizer's raw data: which modules (by path) each output file holds.
const stats = JSON.parse(readFileSync(path.join(root, 'apps/web/bundle-stats.json'), 'utf8'));
const librariesIn = new Map();
for (const meta of Object.values(stats.nodeMetas)) {
  const library = CONSOLE_ONLY.find((name) => meta.id.includes(`/node_modules/${name}/`));
  if (!library) continue;
  for (const file of Object.keys(meta.moduleParts)) librariesIn.set(file, [...(librariesIn.get(file) ?? []), library]);
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const gzipBytes = (file) => {
  const gz = path.join(dist, `${file}.gz`);
  return statSync(existsSync(gz) ? gz : path.join(dist, file)).size;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** The file and each compressed copy the API may serve start with the compile hint: V8 compiles eagerly only what follows it. */
const hinted = (file) => {
  const at = path.join(dist, file);
  const copies = [
    readFileSync(at),
    ...(existsSync(`${at}.br`) ? [brotliDecompressSync(readFileSync(`${at}.br`))] : []),
    ...(existsSync(`${at}.gz`) ? [gunzipSync(readFileSync(`${at}.gz`))] : []),
  ];
  return copies.every((copy) => copy.toString('utf8').startsWith(`${COMPILE_HINT}\n`));
};

/** The chunks a manifest entry loads: itself and, transitively, what it imports statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const failures = [];
console.log(
  `Bundle budget (gzipped, before the page is interactive; goal ${TARGET_KB} KB for /signin; ${CHUNK_BUDGET_KB} KB a chunk; ${MAX_FILES} files a page):`,
);
for (const [page, { sources, ceilingKb }] of Object.entries(PORTAL_PAGES)) {
  const missing = sources.filter((source) => !manifest[source]);
  if (missing.length > 0) {
    failures.push(`${page}: ${missing.join(', ')} is not a chunk of the build (is it still loaded lazily?)`);
    continue;
  }
  const chunks = closure([entryKey, ...sources]);
  const js = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipBytes(file), 0);
  const verdict = total > ceilingKb * 1024 || js.length > MAX_FILES ? 'OVER' : 'ok';
  console.log(`  ${verdict.padEnd(4)} ${page.padEnd(20)} ${kb(total).padStart(6)} KB in ${js.length} files (ceiling ${ceilingKb} KB)`);
  if (total > ceilingKb * 1024) failures.push(`${page} loads ${kb(total)} KB gzipped (ceiling ${ceilingKb} KB)`);
  if (js.length > MAX_FILES) failures.push(`${page} loads ${js.length} files before it is interactive (at most ${MAX_FILES})`);
  const consoleLibraries = new Set(js.flatMap((file) => librariesIn.get(file) ?? []));
  if (consoleLibraries.size > 0) failures.push(`${page} loads ${[...consoleLibraries].join(', ')}, which only the console uses`);
}
if (librariesIn.size === 0) failures.push(`none of ${CONSOLE_ONLY.join(', ')} found in the build: is bundle-stats.json current?`);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.file.endsWith('.js') || chunk.isEntry) continue;
  const size = gzipBytes(chunk.file);
  if (size > CHUNK_BUDGET_KB * 1024) failures.push(`${chunk.file} (${key}) is ${kb(size)} KB gzipped (budget ${CHUNK_BUDGET_KB} KB)`);
}
console.log(`  entry ${manifest[entryKey].file}: ${kb(gzipBytes(manifest[entryKey].file))} KB gzipped`);
if (!hinted(manifest[entryKey].file))
  failures.push(`the entry ${manifest[entryKey].file} does not start with V8's compile hint (decision 086)`);
for (const failure of failures) console.error(`  FAIL ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
