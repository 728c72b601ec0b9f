import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the bundler tells a chunking rule about a module (Rolldown's ModuleInfo, the fields used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

/** The icon library's index, which re-exports every icon: the modules importing it use a few icons each. */
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/** Each name the icon index exports, mapped to the icon's own module. */
function iconModules(indexId: string): Map<string, string> {
  const byName = new Map<string, string>();
  const reexport = /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g;
  for (const [, names = '', file = ''] of readFileSync(indexId, 'utf8').matchAll(reexport)) {
    const target = path.join(path.dirname(indexId), file);
    for (const name of names.split(',')) byName.set(name.trim().split(/\s+as\s+/)[1] ?? '', target);
  }
  return byName;
}

/** The icon modules one module imports by name from the icon index. */
function iconsUsedBy(code: string, icons: Map<string, string>): string[] {
  const used: string[] = [];
  for (const [, names = ''] of code.matchAll(ICON_IMPORT)) {
    for (const name of names.split(',')) {
      const icon = icons.get(name.trim().split(/\s+as\s+/)[0] ?? '');
      if (icon) used.push(icon);
    }
  }
  return used;
}

/**
 * A set of pages whose own modules come to less than this (characters of the transformed source, before minifying)
 * shares the file of the closest larger set instead: a file costs a page a request on one of HTTP/1.1's six
 * connections (a round trip on a mobile network) and a kilobyte costs 5 ms at 1.6 Mbit/s. Measured with
 * `npm run check:bundle` (decision 087): 3,000 left pages 6 to 15 files, 6,000 leaves 5 to 13, 12,000 4 to 11 with
 * /dashboard 3.2 KB and /profile 1.7 KB heavier.
 */
const SMALL_SET = 6000;

/** The modules one module imports statically, through the icon index only to the icons it names. */
function importsOf(id: string, graph: ModuleGraph, icons: (indexId: string) => Map<string, string>): string[] {
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  // The index reaches every icon the app uses; a module uses the few it names.
  return info.importedIds.flatMap((imported) => (ICON_INDEX.test(imported) ? iconsUsedBy(info.code ?? '', icons(imported)) : [imported]));
}

/** Every module that runs from some roots on, through their static imports. */
function modulesFrom(roots: readonly string[], imports: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...imports(id));
  }
  return seen;
}

interface PageSet {
  pages: string[];
  ids: string[];
  /** Characters of the modules' transformed source. */
  size: number;
}

/** The pages that load each module, and what each module imports. */
interface Usage {
  /** The pages loading a module; null for the entry's modules, which every page loads. */
  pagesOf(id: string): string[] | null;
  imports(id: string): string[];
}

/** The modules of the portal's pages by the set of pages that load each; the roots and the entry's are left out. */
function pageSets(pages: Record<string, string[]>, webRoot: string, graph: ModuleGraph): { sets: Map<string, PageSet>; usage: Usage } {
  let icons: Map<string, string> | null = null;
  const imports = (id: string) =>
    importsOf(id, graph, (indexId) => {
      icons ??= iconModules(indexId);
      return icons;
    });
  const rootsOf = Object.entries(pages).map(([page, roots]) => [page, roots.map((root) => path.join(webRoot, root))] as const);
  const rootIds = new Set(rootsOf.flatMap(([, roots]) => roots));
  const entry = modulesFrom([path.join(webRoot, 'src/main.tsx')], imports);
  const pagesOf = new Map<string, string[]>();
  for (const [page, roots] of rootsOf) {
    for (const id of modulesFrom(roots, imports)) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page]);
  }
  const sets = new Map<string, PageSet>();
  for (const [id, list] of pagesOf) {
    if (rootIds.has(id) || entry.has(id)) continue;
    const key = list.sort().join(' ');
    const set = sets.get(key) ?? { pages: list, ids: [], size: 0 };
    set.ids.push(id);
    set.size += graph.getModuleInfo(id)?.code?.length ?? 0;
    sets.set(key, set);
  }
  return { sets, usage: { pagesOf: (id) => (entry.has(id) ? null : (pagesOf.get(id) ?? [])), imports } };
}

/**
 * Whether every page of `target` already loads what the modules of `set` import: folding must not make a page load
 * a file it did not (the sign-in page would load the schema library with a small set of the sign-up page's).
 */
function foldsCleanly(set: PageSet, target: PageSet, usage: Usage): boolean {
  const own = new Set(set.ids);
  return set.ids.every((id) =>
    usage.imports(id).every((imported) => {
      if (own.has(imported)) return true;
      const loading = usage.pagesOf(imported);
      return loading === null || target.pages.every((page) => loading.includes(page));
    }),
  );
}

/**
 * Each small set joins the set that covers its pages with the fewest other pages, when that makes no page load a file
 * it did not load before.
 */
function foldSmallSets(sets: Map<string, PageSet>, usage: Usage): void {
  const smallestFirst = [...sets.entries()].sort((a, b) => a[1].size - b[1].size);
  for (const [key, set] of smallestFirst) {
    if (set.size >= SMALL_SET) continue;
    const target = [...sets.values()]
      .filter(
        (other) =>
          other.pages.length > set.pages.length && set.pages.every((page) => other.pages.includes(page)) && foldsCleanly(set, other, usage),
      )
      .sort((a, b) => a.pages.length - b.pages.length || b.size - a.size)[0];
    if (!target) continue;
    target.ids.push(...set.ids);
    target.size += set.size;
    sets.delete(key);
  }
}

/**
 * A chunking rule (decision 087): the modules the portal's pages load are grouped by the set of pages that load
 * them, so a page loads one file per set of pages it shares code with, instead of one per set of lazily loaded
 * modules that share it (every dialog, form and console screen splits those further); small sets share a larger
 * set's file. On HTTP/1.1 each file waits its turn on one of six connections. The pages' roots (the modules the
 * router loads) stay chunks of their own, which the preload hints and the bundle budget name; a module no page
 * loads before it is interactive (the console's, a dialog's) is left to the bundler.
 *
 * `pages` maps each page to its roots, paths relative to `webRoot` (apps/web/page-modules.json).
 */
export function chunkByPages(pages: Record<string, string[]>, webRoot: string) {
  let chunkOf: Map<string, string> | null = null;
  const assign = (graph: ModuleGraph) => {
    const { sets, usage } = pageSets(pages, webRoot, graph);
    foldSmallSets(sets, usage);
    const named = new Map<string, string>();
    for (const [key, set] of sets) {
      const name = `pages-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
      for (const id of set.ids) named.set(id, name);
    }
    return named;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    chunkOf ??= assign(graph);
    return chunkOf.get(id) ?? null;
  };
}
