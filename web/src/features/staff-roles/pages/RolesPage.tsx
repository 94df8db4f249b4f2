import { useState } from 'react';
import { Alert, Button, Card, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffRoleView } from '@gradus/contract/api/staff-roles';
import { ReplyCode } from '@gradus/contract/codes';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { QueryState } from '@/lib/ui/QueryState';
import { useViewer } from '@/lib/viewer';
import { useRoles } from '../api/list';
import { useSaveRole } from '../api/save';
import { RoleGrants } from '../components/RoleGrants';
import { grantedList, sameGrants, storedGrants, type Grants } from '../grants';
import '../staff-roles.css';

/** A role's unsaved grant, and the stored version it was made from: a newer reading drops it. */
interface Draft {
  version: string;
  grants: Grants;
}
type Notice = { type: 'warning' | 'error'; text: string } | null;

/**
 * staff/roles: the system administrator narrows what each staff role gets, page by page and button by
 * button, within what the role's policy allows (issue #10). Each role keeps its own unsaved changes
 * while another is looked at; a save based on an older reading is refused and the role read again.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const list = useRoles(viewer);
  const save = useSaveRole(viewer);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (role: StaffRoleView, grants: Grants) => {
    setNotice(null);
    try {
      await save.mutateAsync({ roleKey: role.roleKey, granted: grantedList(role, grants), version: role.version });
      setDrafts(({ [role.roleKey]: _saved, ...rest }) => rest);
      feedback.message.success(t('roles.saved', { role: t(role.name) }));
    } catch (err) {
      if (err instanceof ReplyError && err.code === ReplyCode.CONFLICT) {
        // Someone else changed the role meanwhile: show theirs, and let this person decide again.
        setDrafts(({ [role.roleKey]: _stale, ...rest }) => rest);
        setNotice({ type: 'warning', text: `${err.message} ${t('roles.conflict')}` });
        void list.refetch();
      } else {
        setNotice({ type: 'error', text: err instanceof ReplyError && err.message ? err.message : t('roles.saveFailed') });
      }
    }
  };

  return (
    <div className="page roles">
      <h1 className="page__title">{t('menu.staff.roles')}</h1>
      <p className="page__lead">{t('roles.lead')}</p>
      <QueryState query={list} texts={{ loading: t('roles.loading'), refused: t('roles.refused'), loadFailed: t('roles.loadFailed') }}>
        {(data) => {
          const role = data.roles.find((r) => r.roleKey === chosen) ?? data.roles[0];
          if (!role) return null;
          const stored = storedGrants(role);
          const draft = drafts[role.roleKey];
          const grants = draft && draft.version === role.version ? draft.grants : stored;
          const dirty = !sameGrants(role, grants, stored);
          const change = (next: Grants) => setDrafts((all) => ({ ...all, [role.roleKey]: { version: role.version, grants: next } }));
          const roleName = t(role.name);
          return (
            <>
              <Radio.Group
                className="roles__choice"
                optionType="button"
                buttonStyle="solid"
                aria-label={t('roles.choose')}
                value={role.roleKey}
                onChange={(e) => {
                  setChosen(e.target.value as string);
                  setNotice(null);
                }}
                options={data.roles.map((r) => ({ value: r.roleKey, label: t(r.name) }))}
              />
              <Card className="roles__card" title={<h2 className="roles__heading">{t('roles.grantsTitle', { role: roleName })}</h2>}>
                <ul className="roles__facts">
                  <li>{t(`roles.scope.${role.scope}`)}</li>
                  <li>{t('roles.accounts', { count: role.accounts })}</li>
                </ul>
                <p className="roles__muted">{t('roles.grantsHelp')}</p>
                {role.groups.length === 0 ? <p>{t('roles.noPages')}</p> : <RoleGrants role={role} grants={grants} onChange={change} />}
                {notice && <Alert className="roles__notice" type={notice.type} showIcon title={notice.text} role="alert" closable onClose={() => setNotice(null)} />}
                <div className="roles__actions">
                  <Space wrap>
                    <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={() => void submit(role, grants)}>
                      {t('roles.save')}
                    </Button>
                    <Button disabled={!dirty || save.isPending} onClick={() => change(stored)}>
                      {t('roles.reset')}
                    </Button>
                  </Space>
                  <Typography.Text type="secondary" aria-live="polite">
                    {dirty ? t('roles.unsaved') : ''}
                  </Typography.Text>
                </div>
              </Card>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
