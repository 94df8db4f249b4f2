import { describe, expect, it } from 'vitest';
import { STAFF_COMPONENTS, STAFF_MENU_TREE } from './menus';
import { grantsCall, SHARED_STAFF_CALLS, STAFF_CALL_PAGES, staffCallRule } from './staff-calls';

const buttonsOf = (component: string) => STAFF_MENU_TREE.flatMap((g) => g.children).find((p) => p.component === component)?.buttons ?? [];

describe('staff calls: the page each belongs to', () => {
  it('names only pages of the menu, and buttons of those pages', () => {
    for (const [call, rule] of Object.entries(STAFF_CALL_PAGES)) {
      expect(rule.pages.length, call).toBeGreaterThan(0);
      for (const page of rule.pages) expect(STAFF_COMPONENTS, call).toContain(page);
      if (rule.button) expect(rule.pages.some((p) => buttonsOf(p).includes(rule.button!)), call).toBe(true);
    }
  });

  it('gives every page and every button at least one call, so granting it means something', () => {
    const pages = new Set(Object.values(STAFF_CALL_PAGES).flatMap((r) => r.pages));
    const buttons = new Set(Object.values(STAFF_CALL_PAGES).flatMap((r) => (r.button ? [r.button] : [])));
    for (const page of STAFF_COMPONENTS) expect(pages, page).toContain(page);
    for (const button of STAFF_MENU_TREE.flatMap((g) => g.children.flatMap((p) => p.buttons ?? []))) expect(buttons, button).toContain(button);
  });

  it('reads a URL: outside the back office and shared lookups need no page; an unplaced call is undefined', () => {
    expect(staffCallRule('/mucgrs-service/doctor/journey')).toBeNull();
    expect(staffCallRule(`/mucgrs-service/staff/${SHARED_STAFF_CALLS[0]}`)).toBeNull();
    expect(staffCallRule('/mucgrs-service/staff/exams/print')).toEqual({ pages: ['staff/exams'] });
    expect(staffCallRule('/mucgrs-service/staff/nobody/placed')).toBeUndefined();
  });

  it('allows a call while any of its pages is granted, and its button too when it names one', () => {
    const rule = staffCallRule('/mucgrs-service/staff/applications/decide')!;
    expect(grantsCall(rule, { pages: new Set(['staff/qualificationReview']), buttons: new Set() })).toBe(true);
    expect(grantsCall(rule, { pages: new Set(['staff/applications']), buttons: new Set() })).toBe(false);
    const exportRule = staffCallRule('/mucgrs-service/staff/applications/export')!;
    expect(grantsCall(exportRule, { pages: new Set(['staff/applications']), buttons: new Set() })).toBe(false);
    expect(grantsCall(exportRule, { pages: new Set(['staff/applications']), buttons: new Set(['staff:applications:export']) })).toBe(true);
  });
});
