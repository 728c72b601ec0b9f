/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.HOPBOX_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every text file also as .br and .gz next to it, compressed once at build time at the highest
    // levels; the API serves the one the browser accepts (decision 019).
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 512,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
    // What each chunk is made of: open apps/web/bundle-report.html after a build. The same as data
    // for scripts/bundle-budget.mjs, which checks which modules each chunk holds.
    visualizer({ filename: 'bundle-report.html', gzipSize: true, brotliSize: true, template: 'treemap' }),
    visualizer({ filename: 'bundle-stats.json', template: 'raw-data' }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
  },
});
