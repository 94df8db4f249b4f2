import { checkMainlandId } from '@gradus/contract';
import { expect, test } from '../fixtures/app';
import { checkCharacter, mainlandIdNumber, wrongCheckCharacter } from '../fixtures/id-number';

/** The suite's own generator: if it drifted from spec 5, every registration test would fail for the wrong reason. */
test('the ID-number fixture makes distinct numbers that pass the portal’s own check', () => {
  const made = Array.from({ length: 200 }, () => mainlandIdNumber());
  expect(new Set(made).size).toBe(made.length);
  for (const id of made) {
    expect(id).toMatch(/^\d{17}[\dX]$/);
    expect(checkMainlandId(id), id).toBeNull();
    expect(checkMainlandId(id.slice(0, 17) + wrongCheckCharacter(id.slice(0, 17))), id).toBe('checksum');
  }
  // The worked example of GB 11643: 11010519491231002X.
  expect(checkCharacter('11010519491231002')).toBe('X');
});
