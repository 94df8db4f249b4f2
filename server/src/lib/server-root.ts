import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's directory, whether this code runs as TypeScript from src/ or bundled from
 * dist/ (scripts/build.mjs): the nearest directory above with a package.json. Files shipped beside
 * the code (the demo's photo) are found from here.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
