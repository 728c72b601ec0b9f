import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, gzip, type ZlibOptions } from 'node:zlib';
import type { Plugin } from 'vite';

/** V8's explicit compile hint: every function of the file is compiled while the file streams in, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The compressed copies the build writes next to each file, with the options it writes them with. */
export interface CompressedCopies {
  brotli: BrotliOptions;
  gzip: ZlibOptions;
}

/**
 * Puts V8's compile hint on the first line of the entry chunk (decision 086): React, React DOM, the router and the
 * app's frame, which every page runs while it loads. Without it V8 compiles each function when first called, on the
 * main thread, in the middle of the first render; with it the compiling happens on a background thread while the
 * file downloads. The pages' own chunks are small and keep compiling lazily (the hint costs each file's bytes), and
 * a browser that does not know the comment ignores it.
 *
 * V8 compiles eagerly only what follows the comment, so it goes above the preload list Vite writes on a chunk's first
 * line: this runs after Vite's own hooks and after the compression plugin, and so writes the chunk's .br and .gz
 * copies again.
 */
export function compileHints(copies: CompressedCopies): Plugin {
  const compressed = [
    { extension: '.br', compress: (code: string) => promisify(brotliCompress)(code, copies.brotli) },
    { extension: '.gz', compress: (code: string) => promisify(gzip)(code, copies.gzip) },
  ];
  return {
    name: 'hopbox:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const entries = Object.values(bundle).flatMap((output) => (output.type === 'chunk' && output.isEntry ? [output] : []));
        const rewrites = entries.flatMap((chunk) => {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          return compressed.map(async ({ extension, compress }) => {
            const copy = bundle[chunk.fileName + extension];
            if (copy?.type === 'asset') copy.source = await compress(chunk.code);
          });
        });
        await Promise.all(rewrites);
      },
    },
  };
}
