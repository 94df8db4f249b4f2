import type { StaffRolePageView, StaffRoleView } from '@gradus/contract/api/staff-roles';

/** A role's grant as a set of page components and button permissions. */
export type Grants = ReadonlySet<string>;

/** The grant as stored: granted pages, and the granted buttons of granted pages; locked pages always. */
export function storedGrants(role: StaffRoleView): Grants {
  const out = new Set<string>();
  for (const page of role.groups.flatMap((g) => g.pages)) {
    if (!page.granted && !role.locked.includes(page.key)) continue;
    out.add(page.key);
    for (const b of page.buttons) if (b.granted) out.add(b.key);
  }
  return out;
}

/** Granting a page grants its buttons too (RuoYi's parent and children); denying it denies them. A locked page stays. */
export function setPage(grants: Grants, page: StaffRolePageView, on: boolean, locked: readonly string[]): Grants {
  if (!on && locked.includes(page.key)) return grants;
  const out = new Set(grants);
  for (const key of [page.key, ...page.buttons.map((b) => b.key)]) {
    if (on) out.add(key);
    else out.delete(key);
  }
  return out;
}

/** A button can be granted only while its page is. */
export function setButton(grants: Grants, page: StaffRolePageView, button: string, on: boolean): Grants {
  if (on && !grants.has(page.key)) return grants;
  const out = new Set(grants);
  if (on) out.add(button);
  else out.delete(button);
  return out;
}

/** What the save sends: in the menu's order, only what the role is offered, no button of a denied page. */
export function grantedList(role: StaffRoleView, grants: Grants): string[] {
  const out: string[] = [];
  for (const page of role.groups.flatMap((g) => g.pages)) {
    if (!grants.has(page.key) && !role.locked.includes(page.key)) continue;
    out.push(page.key);
    for (const b of page.buttons) if (grants.has(b.key)) out.push(b.key);
  }
  return out;
}

export const sameGrants = (role: StaffRoleView, a: Grants, b: Grants): boolean => grantedList(role, a).join('\n') === grantedList(role, b).join('\n');
