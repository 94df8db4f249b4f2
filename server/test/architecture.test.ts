import fs from 'node:fs';
import path from 'node:path';
import { IMPLEMENTED_AREAS, MENU_TREE } from '@gradus/contract';
import { describe, expect, it } from 'vitest';
import { JOURNEYS } from '../src/journeys';

/**
 * The core's promises (issue #8), checked on the files themselves: generic code names no area
 * and imports no journey; a journey is added by a folder and one line in journeys.ts.
 */
const root = path.resolve(import.meta.dirname, '..');
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}
const serverFiles = [...files(path.join(root, 'src')), ...files(path.join(root, 'test'))].map((f) => path.relative(root, f));
/** An area's folder: its name in kebab case (summerCamp → summer-camp). */
const folderOf = (area: string) => area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const journeyFolders = JOURNEYS.map((j) => `src/modules/${folderOf(j.area)}/`);
const insideAJourney = (file: string) => journeyFolders.some((folder) => file.startsWith(folder));

describe('one admissions core', () => {
  it("names no area outside the area's own folder", () => {
    const offenders = serverFiles
      .filter((f) => !insideAJourney(f) && f !== 'test/architecture.test.ts')
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(root, f), 'utf8');
        return JOURNEYS.filter((j) => text.includes(`'${j.area}'`)).map((j) => `${f} names '${j.area}'`);
      });
    expect(offenders).toEqual([]);
  });

  it('imports a journey only in journeys.ts (and in tests that borrow its fixtures)', () => {
    const offenders = serverFiles
      .filter((f) => !insideAJourney(f) && f !== 'src/journeys.ts' && !f.endsWith('.test.ts'))
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(root, f), 'utf8');
        const relative = [...text.matchAll(/from '(\.[^']*)'/g)].map((m) => path.relative(root, path.resolve(path.dirname(path.join(root, f)), m[1]!)) + '/');
        return relative.filter((target) => journeyFolders.some((folder) => target.startsWith(folder))).map((target) => `${f} imports ${target}`);
      });
    expect(offenders).toEqual([]);
  });

  it("registers every gate its area's menu rows name, so none is closed for ever by a typo", () => {
    for (const journey of JOURNEYS) {
      const named = MENU_TREE.filter((g) => g.area === journey.area).flatMap((g) => [g.gate, ...g.children.map((p) => p.gate)]).filter((g): g is string => Boolean(g));
      expect(named.filter((gate) => !journey.gates.includes(gate)), journey.area).toEqual([]);
    }
  });

  it('registers exactly the areas whose pages the web has (contract IMPLEMENTED_AREAS)', () => {
    expect(JOURNEYS.map((j) => j.area).sort()).toEqual([...IMPLEMENTED_AREAS].sort());
  });
});
