import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compileHints } from './compile-hints';
import { chunkByPages } from './page-chunks';

const api = process.env.HOPBOX_API_URL ?? 'http://localhost:3000';

const inNodeModules = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Higher priority claims a module first. `scripts/bundle-budget.mjs` measures the result.
 */
const CHUNK_GROUPS = [
  // What the entry loads anyway (the router's guards, the session, the API client, the messages) joins
  // it, instead of three more files every page waits for. React DOM and React Router stay the entry's own.
  {
    name: 'initial',
    tags: ['$initial' as const],
    test: (id: string) => !inNodeModules('react-dom|react-router|scheduler').test(id),
    priority: 4,
  },
  // The dialog with the Radix parts it is made of, in one file for every page that opens one: the mobile menu and
  // the account menu load on demand (decision 081), and would otherwise split these parts into files of their own.
  { name: 'dialog', test: inNodeModules('@radix-ui[\\\\/]react-dialog'), priority: 2 },
  // React itself stays apart, so that the groups below do not take it in.
  { name: 'react', test: inNodeModules('react'), priority: 2 },
  // The forms' library, its zod resolver (which imports no zod) and the app's wiring of fields, in one file for every
  // form: a form whose schema loads when first submitted (decision 085) needs them, and the schema library it does not.
  {
    name: 'form',
    test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]|src[\\/]lib[\\/](forms|form-fields)\./,
    priority: 1,
  },
  // The schema library in one file: its coercions otherwise come as a file of their own (84 bytes) on every form page.
  { name: 'zod', test: inNodeModules('zod'), priority: 1 },
  // The rest of what the portal's pages load goes by the set of pages that load it (decision 087); what no page
  // loads before it is interactive (the console, dialogs, a form's schema) is left to the bundler. The libraries
  // above keep files of their own, so that a dialog or a console screen needing one does not load a page's code.
  {
    name: chunkByPages(
      JSON.parse(readFileSync(new URL('./page-modules.json', import.meta.url), 'utf8')).pages,
      fileURLToPath(new URL('.', import.meta.url)),
    ),
    debugName: 'pages',
    // The rule places every module itself; a module's imports are loaded by at least the pages that load it.
    includeDependenciesRecursively: false,
    priority: 0,
  },
];

/**
 * React Router's package maps every import to its development build, warnings and checks included; a production
 * build takes the package's own production build instead (the same API; 0.6 KB less gzipped on every page, measured with scripts/bundle-budget.mjs).
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/dist[\\/]development[\\/].*$/, 'dist/production/index.mjs');

/** Every text file is also written compressed, at the highest levels (decision 019). */
const COMPRESSED_COPIES = {
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
  gzip: { level: zlib.Z_BEST_COMPRESSION },
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Every text file also as .br and .gz next to it, compressed once at build time at the highest
    // levels; the API serves the one the browser accepts (decision 019).
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 512,
      algorithms: [defineAlgorithm('brotliCompress', COMPRESSED_COPIES.brotli), defineAlgorithm('gzip', COMPRESSED_COPIES.gzip)],
    }),
    // The entry chunk is compiled off the main thread (decision 086); the plugin writes its compressed copies again.
    compileHints(COMPRESSED_COPIES),
    // What each chunk is made of: open apps/web/bundle-report.html after a build. The same as data
    // for scripts/bundle-budget.mjs, which checks which modules each chunk holds.
    visualizer({ filename: 'bundle-report.html', gzipSize: true, brotliSize: true, template: 'treemap' }),
    visualizer({ filename: 'bundle-stats.json', template: 'raw-data' }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      // TanStack Store imports the selector hook's shim for React 17, which carries a copy of useSyncExternalStore;
      // the package's own entry for React 18 and later uses React's (decision 084).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/docs': { target: api, changeOrigin: true },
    },
  },
  // The manifest tells scripts/bundle-budget.mjs which chunks each page loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the portal supports preloads modules itself (Chrome 66, Firefox 115, Safari 17); one without
    // `modulepreload` only loads the chunks when they are imported. The polyfill cost every page 0.4 KB (decision 084).
    modulePreload: { polyfill: false },
    // Chunks by what loads together (decisions 035 and 087). Left to itself the bundler gives every module shared
    // by a different set of lazily loaded modules a file of its own, and dozens of tiny files cost more than their code.
    // Chunks are named by their hash alone: the entry lists every chunk's file for the preloads of lazy pages,
    // and names like "assets/received-packages-route-….js" cost every page their length (the manifest keeps the map).
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS }, chunkFileNames: 'assets/[hash].js' } },
  },
}));
