import { Alert, Checkbox, Form, Input, Modal, Select, type GetProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_NAME, isPrivilegedScope, type OneTimePassword, type StaffAccountOptionsView, type StaffAccountRow } from '@gradus/contract/api/staff-accounts';
import { RoleKey, STAFF_ROLES, type StaffPermission } from '@gradus/contract/codes';
import { EMAIL } from '@gradus/contract/validators/contact';
import { feedback } from '@/lib/feedback';
import { useCreateStaffAccount } from '../api/create';
import { useUpdateStaffAccount } from '../api/update';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { useLocalName } from '@/lib/local-name';
import { accountLabel } from '../account-label';

const PUBLISH: StaffPermission = 'results.publish';

interface Fields {
  loginName?: string;
  name: string;
  email?: string;
  roleKeys: RoleKey[];
  departmentIds?: number[];
  publish: boolean;
}

/**
 * A new account, or a correction to one. The rules are the contract's (a secretary needs a school,
 * only a secretary has one), checked here first so most mistakes are named beside their field; the
 * server's refusal is shown in the dialog, which stays open. On one's own account the roles, schools
 * and permission are shown but not offered: the server refuses them, so nobody grants themselves more.
 * Granting publishing or administration is not done here alone: it is filed for a second system
 * administrator (the page lists it), and the dialog says so.
 */
export function AccountDialog({
  account,
  options,
  onClose,
  onCreated,
}: {
  /** null: a new account. */
  account: StaffAccountRow | null;
  options: StaffAccountOptionsView | undefined;
  onClose: () => void;
  onCreated: (password: OneTimePassword, name: string) => void;
}) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const [form] = Form.useForm<Fields>();
  const create = useCreateStaffAccount();
  const update = useUpdateStaffAccount();
  const roleKeys = Form.useWatch('roleKeys', form) ?? account?.roleKeys ?? [];
  const secretary = roleKeys.includes(RoleKey.DEPT);
  const publish = Form.useWatch('publish', form) ?? account?.permissions.includes(PUBLISH) ?? false;
  // Its one-time passwords are mailed to it, never shown: the address is required (the contract's rule).
  const privileged = isPrivilegedScope({ roleKeys, permissions: publish ? [PUBLISH] : [] });
  const own = account?.self === true;
  const who = account ? accountLabel(account) : '';

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    const changes = {
      name: fields.name.trim(),
      email: fields.email?.trim() ?? '',
      roleKeys: fields.roleKeys,
      // A school belongs to a secretary only: unticking the role lets the schools go.
      departmentIds: fields.roleKeys.includes(RoleKey.DEPT) ? (fields.departmentIds ?? []) : [],
      // The form offers the publish permission only; any other the account has is kept as it is.
      permissions: [...(account?.permissions ?? []).filter((p) => p !== PUBLISH), ...(fields.publish ? [PUBLISH] : [])],
    };
    if (account) {
      const reply = await update.mutateAsync({ userId: account.userId, ...changes });
      if (reply.outcome === 'pending') feedback.message.info(t('accounts.request.filed', { who }));
      else feedback.message.success(t('accounts.saved', { who }));
      onClose();
    } else {
      const loginName = fields.loginName!.trim();
      const reply = await create.mutateAsync({ loginName, ...changes });
      if (reply.outcome === 'done' && reply.oneTimePassword) onCreated(reply.oneTimePassword, changes.name);
      else {
        feedback.message.info(t('accounts.request.filed', { who: accountLabel({ name: changes.name, loginName }) }));
        onClose();
      }
    }
  });

  const roleOptions = (options?.roles ?? STAFF_ROLES).map((r) => ({ value: r, label: t(`role.${r}`) }));
  const defaultRole = roleKeys[0];

  return (
    <Modal
      open
      title={account ? t('accounts.editTitle', { who }) : t('accounts.newTitle')}
      okText={account ? t('accounts.save') : t('accounts.create')}
      cancelText={t('accounts.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={600}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        initialValues={{
          name: account?.name ?? '',
          email: account?.email ?? '',
          roleKeys: account?.roleKeys ?? [],
          departmentIds: account?.departments.map((d) => d.id) ?? [],
          publish: account?.permissions.includes(PUBLISH) ?? false,
        }}
      >
        {!account && (
          <Form.Item
            name="loginName"
            label={t('accounts.field.loginName')}
            extra={t('accounts.field.loginNameHelp')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('accounts.rule.loginNameRequired') },
              { pattern: LOGIN_NAME, message: t('accounts.rule.loginNameFormat') },
            ]}
          >
            <Input autoFocus autoComplete="off" spellCheck={false} maxLength={64} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('accounts.field.name')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.rule.nameRequired') },
            { max: 50, message: t('accounts.rule.nameTooLong', { max: 50 }) },
          ]}
        >
          <Input autoFocus={!!account} autoComplete="off" maxLength={51} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('accounts.field.email')}
          extra={privileged ? t('accounts.field.emailPrivilegedHelp') : t('accounts.field.emailHelp')}
          dependencies={['roleKeys', 'publish']}
          rules={[
            { required: privileged, whitespace: true, message: t('accounts.rule.emailPrivileged') },
            { max: 254, message: t('accounts.rule.emailFormat') },
            { validator: async (_rule, value?: string) => (!value?.trim() || EMAIL.test(value.trim()) ? undefined : Promise.reject(new Error(t('accounts.rule.emailFormat')))) },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        {own && <Alert className="accounts-dialog__own" type="info" showIcon title={t('accounts.ownRoles')} />}
        <Form.Item
          name="roleKeys"
          label={t('accounts.field.roles')}
          extra={
            <>
              <span>{t('accounts.field.rolesHelp')}</span>
              {defaultRole && <span className="accounts-dialog__default">{t('accounts.field.startsIn', { role: t(`role.${defaultRole}`) })}</span>}
            </>
          }
          rules={[{ type: 'array', required: true, min: 1, message: t('accounts.rule.rolesRequired') }]}
        >
          <RoleBoxes aria-label={t('accounts.field.roles')} options={roleOptions} disabled={own} />
        </Form.Item>
        {secretary && (
          <Form.Item name="departmentIds" label={t('accounts.field.departments')} extra={t('accounts.field.departmentsHelp')} rules={[{ type: 'array', required: true, min: 1, message: t('accounts.rule.departmentsRequired') }]}>
            <Select<number[]>
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              disabled={own}
              options={(options?.departments ?? account?.departments ?? []).map((d) => ({ value: d.id, label: localName(d) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="publish" valuePropName="checked" extra={t('accounts.field.publishHelp')}>
          <Checkbox disabled={own}>{t('accounts.field.publish')}</Checkbox>
        </Form.Item>
        {account && !own && <p className="accounts-dialog__note">{t('accounts.scopeSignsOut')}</p>}
        {privileged && !own && <Alert className="accounts-dialog__two-person" type="info" showIcon title={t('accounts.request.twoPerson')} />}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/**
 * The role boxes as one named group. The form marks a required field's control aria-required, which
 * a group may not carry (axe: aria-allowed-attr); the label's mark and the rule's message say it.
 */
function RoleBoxes({ 'aria-required': _required, ...props }: GetProps<typeof Checkbox.Group<RoleKey>> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<RoleKey> {...props} role="group" className="accounts-dialog__roles" />;
}
