import { Button, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, type AccountStatus, type StaffAccountListRequest } from '@gradus/contract/api/staff-accounts';
import { STAFF_ROLES, type RoleKey } from '@gradus/contract/codes';

type Filters = Pick<StaffAccountListRequest, 'q' | 'role' | 'status'>;

/**
 * Search, role and status above the list, and the button that opens a new account. A choice applies
 * at once; the search applies on Enter or its button, so typing does not send a request per letter.
 */
export function AccountFilters({ value, onChange, onCreate }: { value: Filters; onChange: (next: Filters) => void; onCreate: () => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <div className="accounts__toolbar">
      <div className="accounts__filters" role="search" aria-label={t('accounts.filter.title')}>
        <Input.Search
          className="accounts__search"
          aria-label={t('accounts.filter.q')}
          placeholder={t('accounts.filter.q')}
          maxLength={50}
          allowClear
          // Uncontrolled, and reset whenever the address's search changes (the back button).
          key={value.q ?? ''}
          defaultValue={value.q}
          enterButton={t('accounts.filter.search')}
          onSearch={(text) => set({ q: text.trim() || undefined })}
        />
        <Select<RoleKey>
          allowClear
          className="accounts__filter"
          aria-label={t('accounts.filter.role')}
          placeholder={t('accounts.filter.role')}
          value={value.role}
          onChange={(role) => set({ role })}
          options={STAFF_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
        />
        <Select<AccountStatus>
          allowClear
          className="accounts__filter"
          aria-label={t('accounts.filter.status')}
          placeholder={t('accounts.filter.status')}
          value={value.status}
          onChange={(status) => set({ status })}
          options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`accounts.status.${s}`) }))}
        />
      </div>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
        {t('accounts.new')}
      </Button>
    </div>
  );
}
