import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunks a manifest entry loads: itself and, transitively, what it imports statically. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * For each portal page, a `Link` header that preloads the chunks its route loads (decision 023):
 * the browser fetches them with the entry script instead of after it has run. Read from the build's
 * manifest and `page-modules.json` beside the build; empty when either is missing (a dev server, tests).
 */
export function pagePreloads(webDist: string): Map<string, string> {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  const pagesFile = path.join(webDist, '../page-modules.json');
  const hints = new Map<string, string>();
  if (!existsSync(manifestFile) || !existsSync(pagesFile)) return hints;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const pages = (JSON.parse(readFileSync(pagesFile, 'utf8')) as { pages: Record<string, string[]> }).pages;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  // What index.html already loads needs no hint.
  const inHtml = closure(manifest, entry ? [entry] : []);
  for (const [page, sources] of Object.entries(pages)) {
    const chunks = [...closure(manifest, sources)].filter((key) => !inHtml.has(key)).map((key) => manifest[key] as ManifestChunk);
    const links = [
      ...chunks.map((chunk) => `</${chunk.file}>; rel=modulepreload`),
      ...chunks.flatMap((chunk) => chunk.css ?? []).map((file) => `</${file}>; rel=preload; as=style`),
    ];
    if (links.length > 0) hints.set(page, links.join(', '));
  }
  return hints;
}
