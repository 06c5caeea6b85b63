/**
 * Where a position in a built script comes from, read through the build's source maps: the benches
 * that profile the app (long-tasks, map-screen) name what costs time by the file it is written in.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

/**
 * A reader of positions in the build in `distDir`: the app's files from the repository's root
 * (`client/…`), a package's from its node_modules (`@mui/material/…`), else the asset's own place.
 */
export function sourcePositions(distDir: string) {
  const maps = new Map<string, TraceMap | null>();
  return async function sourceOf(url: string, line: number, column: number): Promise<string> {
    const asset = /\/assets\/[^/?#]+\.js/.exec(url)?.[0];
    if (!asset) return `${url.replace(/^https?:\/\/[^/]+/, '') || '(page)'}:${line + 1}`;
    let map = maps.get(asset);
    if (map === undefined) {
      map = await readFile(path.join(distDir, `${asset}.map`), 'utf8').then(
        (text) => new TraceMap(text),
        () => null,
      );
      maps.set(asset, map);
    }
    const pos = map && line >= 0 ? originalPositionFor(map, { line: line + 1, column }) : null;
    if (!pos?.source) return `${asset}:${line + 1}:${column + 1}`;
    const source = pos.source.includes('node_modules/')
      ? pos.source.slice(pos.source.lastIndexOf('node_modules/') + 'node_modules/'.length)
      : path.relative(
          process.cwd(),
          path.resolve(path.dirname(path.join(distDir, asset)), pos.source),
        );
    return `${source}:${pos.line}${pos.name ? ` ${pos.name}` : ''}`;
  };
}
