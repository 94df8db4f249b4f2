import { Checkbox, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffRolePageView, StaffRoleView } from '@gradus/contract/api/staff-roles';
import { setButton, setPage, type Grants } from '../grants';

/**
 * The pages a role's policy allows, grouped as its menu shows them, each a checkbox with its buttons
 * (the F rows) nested under it. Plain checkboxes in fieldsets and lists: every one is reached with Tab
 * and toggled with Space, and named by the text beside it.
 */
export function RoleGrants({ role, grants, onChange }: { role: StaffRoleView; grants: Grants; onChange: (next: Grants) => void }) {
  const { t } = useTranslation();
  return (
    <div className="roles__groups">
      {role.groups.map((group) => (
        <fieldset key={group.name} className="roles__group">
          <legend>{t(group.name)}</legend>
          <ul className="roles__pages">
            {group.pages.map((page) => (
              <PageRow key={page.key} role={role} page={page} grants={grants} onChange={onChange} />
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

function PageRow({ role, page, grants, onChange }: { role: StaffRoleView; page: StaffRolePageView; grants: Grants; onChange: (next: Grants) => void }) {
  const { t } = useTranslation();
  const locked = role.locked.includes(page.key);
  const on = locked || grants.has(page.key);
  const name = t(page.name);
  const noteId = `roles-note-${role.roleKey}-${page.key.replace(/\W/g, '-')}`;
  return (
    <li className="roles__page">
      <div className="roles__page-line">
        <Checkbox checked={on} disabled={locked} aria-describedby={locked ? noteId : undefined} onChange={(e) => onChange(setPage(grants, page, e.target.checked, role.locked))}>
          {name}
        </Checkbox>
        {page.hidden && <Tag className="roles__tag">{t('roles.hidden')}</Tag>}
      </div>
      {locked && (
        <p id={noteId} className="roles__note">
          {t('roles.locked')}
        </p>
      )}
      {page.buttons.length > 0 && (
        <ul className="roles__buttons" aria-label={t('roles.buttonsOf', { page: name })}>
          {page.buttons.map((button) => (
            <li key={button.key}>
              <Checkbox checked={on && grants.has(button.key)} disabled={!on} onChange={(e) => onChange(setButton(grants, page, button.key, e.target.checked))}>
                {t(button.name)}
              </Checkbox>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
