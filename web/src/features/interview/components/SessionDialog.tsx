import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InterviewKind, InterviewSessionSummary } from '@gradus/contract/api/staff-interview';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useCandidates, useProgrammes, useSaveSession, useSessionView } from '../api/interview';
import { useLocalName } from '@/lib/local-name';
import { fromUniversityLocal, universityLocal } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';

interface Fields {
  kind: InterviewKind;
  programmeId?: number;
  startsAt: string;
  room: string;
  panel: number[];
  secretaryUserId?: number;
}

/**
 * Creating or changing a session: stage, programme, when (Beijing time) and where, the panel in
 * seating order and its secretary, and the applicants in the order they are interviewed (added
 * from those who may sit it, moved up and down by buttons). The server's refusal is shown here.
 */
export function SessionDialog({ session, onClose }: { session: InterviewSessionSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const localName = useLocalName();
  const [form] = Form.useForm<Fields>();
  const kind = Form.useWatch('kind', form) ?? session?.kind ?? 'assessment';
  const programmeId = Form.useWatch('programmeId', form) ?? session?.programme.id;
  const panel = Form.useWatch('panel', form) ?? [];
  const programmes = useProgrammes(viewer);
  const candidates = useCandidates(viewer, kind, programmeId);
  const existing = useSessionView(viewer, session?.id ?? null);
  const save = useSaveSession();
  // Null until the office changes the order: the session's own applicants, once loaded.
  const [changed, setChanged] = useState<number[] | null>(null);
  const applicants = changed ?? existing.data?.rows.map((r) => r.applicationId) ?? [];
  const setApplicants = (next: (list: number[]) => number[]) => setChanged(next(applicants));
  const [error, setError] = useState<string | null>(null);

  const experts = candidates.data?.experts ?? [];
  const people = new Map<number, { name: string; number: string; sessionId: number | null }>();
  for (const a of candidates.data?.applicants ?? []) people.set(a.applicationId, { name: a.name, number: a.applicantNumber, sessionId: a.sessionId });
  for (const r of existing.data?.rows ?? []) if (!people.has(r.applicationId)) people.set(r.applicationId, { name: r.name, number: r.applicantNumber, sessionId: session?.id ?? null });
  const addable = (candidates.data?.applicants ?? []).filter((a) => !applicants.includes(a.applicationId) && (a.sessionId === null || a.sessionId === session?.id));

  const move = (index: number, by: -1 | 1) =>
    setApplicants((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    if (applicants.length === 0) {
      setError(t('interview.applicantsRequired'));
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({
        ...(session ? { id: session.id } : {}),
        kind: fields.kind,
        programmeId: fields.programmeId!,
        startsAt: fromUniversityLocal(fields.startsAt),
        room: fields.room,
        panel: fields.panel,
        secretaryUserId: fields.secretaryUserId!,
        applicants,
        version: session?.version ?? 0,
      });
      feedback.message.success(t('interview.saved'));
      onClose();
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('interview.failed'));
    }
  };

  return (
    <Modal
      open
      title={t(session ? 'interview.editTitle' : 'interview.newTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('interview.save')}
      cancelText={t('interview.cancel')}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{
          kind: session?.kind ?? 'assessment',
          programmeId: session?.programme.id,
          startsAt: session ? universityLocal(session.startsAt) : '',
          room: session?.room ?? '',
          panel: session?.panel.map((m) => m.userId) ?? [],
          secretaryUserId: session?.panel.find((m) => m.secretary)?.userId,
        }}
        onValuesChange={(changedValues: Partial<Fields>) => {
          // Another stage or programme seats other applicants.
          if ('kind' in changedValues || 'programmeId' in changedValues) setChanged([]);
          if ('panel' in changedValues && !changedValues.panel?.includes(form.getFieldValue('secretaryUserId') as number)) form.setFieldValue('secretaryUserId', undefined);
        }}
      >
        <Form.Item name="kind" label={t('interview.kind')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'assessment', label: t('interview.kind.assessment') },
              { value: 'language', label: t('interview.kind.language') },
            ]}
          />
        </Form.Item>
        <Form.Item name="programmeId" label={t('interview.programme')} rules={[{ required: true, message: t('interview.programmeRequired') }]}>
          <Select showSearch optionFilterProp="label" classNames={{ popup: { root: 'interview-dialog__programmes' } }} options={(programmes.data?.programmes ?? []).map((p) => ({ value: p.id, label: `${localName(p)} ${p.code}` }))} />
        </Form.Item>
        <Space wrap size={16} className="interview-dialog__row">
          <Form.Item name="startsAt" label={t('interview.startsAt')} rules={[{ required: true, message: t('interview.startsAtRequired') }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="room" label={t('interview.room')} rules={[{ required: true, whitespace: true, message: t('interview.roomRequired') }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Space>
        <Form.Item name="panel" label={t('interview.panelInOrder')} rules={[{ required: true, message: t('interview.panelRequired') }]}>
          <Select mode="multiple" optionFilterProp="label" classNames={{ popup: { root: 'interview-dialog__experts' } }} options={experts.map((e) => ({ value: e.userId, label: e.external ? t('interview.externalMember', { name: e.name }) : e.name }))} placeholder={programmeId ? undefined : t('interview.pickProgrammeFirst')} />
        </Form.Item>
        <Form.Item name="secretaryUserId" label={t('interview.secretary')} extra={t('interview.secretaryHelp')} rules={[{ required: true, message: t('interview.secretaryRequired') }]}>
          <Select classNames={{ popup: { root: 'interview-dialog__secretaries' } }} options={panel.map((id) => ({ value: id, label: experts.find((e) => e.userId === id)?.name ?? String(id) }))} />
        </Form.Item>
        <div className="interview-dialog__applicants">
          <label htmlFor="interview-add-applicant" className="interview-dialog__label">
            {t('interview.applicantsInOrder')}
          </label>
          <Select
            id="interview-add-applicant"
            showSearch
            optionFilterProp="label"
            value={null}
            placeholder={programmeId ? t('interview.addApplicant', { count: addable.length }) : t('interview.pickProgrammeFirst')}
            onChange={(id: number) => setApplicants((list) => [...list, id])}
            options={addable.map((a) => ({ value: a.applicationId, label: `${a.name} ${a.applicantNumber}` }))}
            className="interview-dialog__add"
            classNames={{ popup: { root: 'interview-dialog__candidates' } }}
          />
          <ol className="interview-dialog__order">
            {applicants.map((id, i) => {
              const who = people.get(id);
              const label = who ? `${who.name} ${who.number}` : `#${id}`;
              return (
                <li key={id}>
                  <span>{label}</span>
                  <Space size={4}>
                    <Button size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('interview.moveUp', { name: label })}>
                      ↑
                    </Button>
                    <Button size="small" disabled={i === applicants.length - 1} onClick={() => move(i, 1)} aria-label={t('interview.moveDown', { name: label })}>
                      ↓
                    </Button>
                    <Button size="small" onClick={() => setApplicants((list) => list.filter((x) => x !== id))} aria-label={t('interview.removeApplicant', { name: label })}>
                      {t('interview.remove')}
                    </Button>
                  </Space>
                </li>
              );
            })}
          </ol>
          {programmeId !== undefined && candidates.data && candidates.data.applicants.length === 0 && <Alert type="info" showIcon title={t(`interview.noCandidates.${kind}`)} />}
        </div>
        {error && <Alert className="interview__notice" type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
