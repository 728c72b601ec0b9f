import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkByPages } from './page-chunks';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const at = (file: string) => path.join(webRoot, file);
const iconIndex = path.join(webRoot, '../../node_modules/lucide-react/dist/esm/lucide-react.mjs');
const icon = (file: string) => path.join(path.dirname(iconIndex), 'icons', file);
/** Source long enough that its page set keeps a file of its own. */
const big = 'x'.repeat(7000);

/** A module graph as the bundler describes it: each module's static imports and transformed source. */
function graphOf(modules: Record<string, { imports?: string[]; code?: string }>) {
  return {
    getModuleInfo: (id: string) => {
      const found = modules[id];
      return found ? { importedIds: found.imports ?? [], code: found.code ?? '' } : null;
    },
  };
}

describe('chunkByPages', () => {
  const pages = { '/a': ['src/a-page.tsx'], '/b': ['src/b-page.tsx'], '/c': ['src/c-page.tsx'] };
  const graph = graphOf({
    [at('src/a-page.tsx')]: {
      imports: [at('src/shared.ts'), at('src/a-only.ts'), at('src/ab.ts'), iconIndex],
      code: 'import { Camera } from "lucide-react";',
    },
    [at('src/b-page.tsx')]: {
      imports: [at('src/shared.ts'), at('src/ab.ts'), iconIndex],
      code: 'import { Package as Parcel, Camera } from "lucide-react";',
    },
    [at('src/c-page.tsx')]: { imports: [at('src/shared.ts')], code: big },
    [at('src/shared.ts')]: { code: big },
    [at('src/a-only.ts')]: { code: big },
    [at('src/ab.ts')]: { code: 'small' },
    [at('src/dialog.tsx')]: { code: big },
    [iconIndex]: { imports: [icon('camera.mjs'), icon('package.mjs'), icon('truck.mjs')] },
    [icon('camera.mjs')]: { code: 'camera' },
    [icon('package.mjs')]: { code: 'package' },
    [icon('truck.mjs')]: { code: 'truck' },
  });
  const chunkOf = (id: string) => chunkByPages(pages, webRoot)(id, graph);

  it('puts the modules the same pages load in one file, and a module of other pages in another', () => {
    expect(chunkOf(at('src/shared.ts'))).toMatch(/^pages-[0-9a-f]{8}$/);
    expect(chunkOf(at('src/a-only.ts'))).toMatch(/^pages-[0-9a-f]{8}$/);
    expect(chunkOf(at('src/a-only.ts'))).not.toBe(chunkOf(at('src/shared.ts')));
  });

  it('leaves the pages’ roots and the modules no page loads to the bundler', () => {
    expect(chunkOf(at('src/a-page.tsx'))).toBeNull();
    expect(chunkOf(at('src/dialog.tsx'))).toBeNull();
    expect(chunkOf(iconIndex)).toBeNull();
  });

  it('follows the icon index only to the icons a module names', () => {
    expect(chunkOf(icon('truck.mjs'))).toBeNull();
    // Package is only /b's (under another local name); Camera is /a's and /b's, as is ab.ts: one set.
    expect(chunkOf(icon('camera.mjs'))).toBe(chunkOf(at('src/ab.ts')));
    expect(chunkOf(icon('package.mjs'))).not.toBeNull();
  });

  it('gives a small set of pages the file of the smallest larger set that covers it', () => {
    // /a and /b's own modules (ab.ts, the camera icon) are small: they join the set of all three pages.
    expect(chunkOf(at('src/ab.ts'))).toBe(chunkOf(at('src/shared.ts')));
    // /b's own module (the package icon) is small too, and the set covering /b alone is the same.
    expect(chunkOf(icon('package.mjs'))).toBe(chunkOf(at('src/shared.ts')));
    // /a's own module is large: it keeps its file.
    expect(chunkOf(at('src/a-only.ts'))).not.toBe(chunkOf(at('src/shared.ts')));
  });

  it('folds a small set only where every page already loads what it imports', () => {
    const threePages = { '/a': ['src/a-page.tsx'], '/b': ['src/b-page.tsx'], '/d': ['src/d-page.tsx'] };
    const rule = chunkByPages(threePages, webRoot);
    const withLibrary = graphOf({
      [at('src/a-page.tsx')]: { imports: [at('src/a-small.ts'), at('src/ab-big.ts')] },
      [at('src/b-page.tsx')]: { imports: [at('src/ab-big.ts')] },
      [at('src/d-page.tsx')]: { imports: [at('src/library.ts')] },
      // /a's own small module imports a library /a and /d load, /b does not.
      [at('src/a-small.ts')]: { imports: [at('src/library.ts')], code: 'small' },
      [at('src/ab-big.ts')]: { code: big + big },
      [at('src/library.ts')]: { code: big },
    });
    // The larger set /a and /b share would make /b load the library: the small module goes with the library's set.
    expect(rule(at('src/a-small.ts'), withLibrary)).toBe(rule(at('src/library.ts'), withLibrary));
    expect(rule(at('src/a-small.ts'), withLibrary)).not.toBe(rule(at('src/ab-big.ts'), withLibrary));
  });
});
