import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationListRequest } from '@gradus/contract/api/staff';
import { filtersInForce } from '../list-query';
import { deleteFilter, loadSavedFilters, saveFilter, type SavedFilter } from '../saved-filters';

/** Named filters a staff member comes back to; applying one keeps the current sort and page size. */
export function SavedFilters({ userId, current, onApply }: { userId: number; current: ApplicationListRequest; onApply: (filters: ApplicationListRequest) => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SavedFilter[]>(() => loadSavedFilters(userId));
  // The saved filter now in force, if any: changing a filter by hand leaves it.
  const chosen = saved.find((f) => sameFilters(f.filters, current))?.name;
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const save = async () => {
    // An empty or too long name stays in the dialog with its message beside the field.
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    const { name } = fields;
    setSaved(saveFilter(userId, { name: name.trim(), filters: current }));
    setNaming(false);
    form.resetFields();
  };

  return (
    <Space wrap>
      <Select
        className="applications__saved"
        aria-label={t('applications.saved.choose')}
        placeholder={t('applications.saved.choose')}
        value={chosen}
        notFoundContent={t('applications.saved.none')}
        options={saved.map((f) => ({ label: f.name, value: f.name }))}
        onChange={(name: string) => {
          const found = saved.find((f) => f.name === name);
          if (found) onApply(found.filters);
        }}
      />
      {chosen && (
        <Button
          onClick={() => {
            setSaved(deleteFilter(userId, chosen));
          }}
        >
          {t('applications.saved.delete')}
        </Button>
      )}
      <Button onClick={() => setNaming(true)}>{t('applications.saved.save')}</Button>
      <Modal open={naming} title={t('applications.saved.save')} okText={t('applications.saved.confirm')} cancelText={t('applications.cancel')} onOk={() => void save()} onCancel={() => setNaming(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item
            name="name"
            label={t('applications.saved.name')}
            rules={[
              { required: true, whitespace: true, message: t('applications.saved.nameRequired') },
              { max: 40, message: t('applications.saved.nameTooLong') },
            ]}
          >
            <Input autoFocus maxLength={41} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** Equal filters, whatever the order of their keys and however an absent one is written. */
const sameFilters = (a: ApplicationListRequest, b: ApplicationListRequest): boolean => filtersInForce(a).toString() === filtersInForce(b).toString();
