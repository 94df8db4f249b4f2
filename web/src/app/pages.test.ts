import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_COMPONENTS, STAFF_COMPONENTS } from '@gradus/contract';
import { PAGE_COMPONENTS } from './pages';

describe('page map', () => {
  // The server grants only IMPLEMENTED_COMPONENTS; a granted page with no web page would be a menu entry that
  // leads nowhere, and a web page the server never grants would be unreachable.
  it('has exactly the pages the server grants', () => {
    const granted = [...IMPLEMENTED_COMPONENTS, ...STAFF_COMPONENTS].sort();
    expect(granted.length).toBeGreaterThan(0);
    expect(Object.keys(PAGE_COMPONENTS).sort()).toEqual(granted);
  });
});
