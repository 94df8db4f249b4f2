import {
  AuditOutlined,
  BookOutlined,
  CompassOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  FormOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  PrinterOutlined,
  SettingOutlined,
  SolutionOutlined,
  StarOutlined,
  SunOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Contract icon names (the spec's areas) -> antd icons. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <NotificationOutlined aria-hidden />,
  admissions: <AuditOutlined aria-hidden />,
  enrolment: <SolutionOutlined aria-hidden />,
  registration: <FormOutlined aria-hidden />,
  scoreQuery: <FileSearchOutlined aria-hidden />,
  summerCamp: <SunOutlined aria-hidden />,
  recommended: <StarOutlined aria-hidden />,
  agreement: <PayCircleOutlined aria-hidden />,
  archives: <FolderOpenOutlined aria-hidden />,
  callingApplication: <PrinterOutlined aria-hidden />,
  serviceGuide: <CompassOutlined aria-hidden />,
  rules: <BookOutlined aria-hidden />,
  system: <SettingOutlined aria-hidden />,
};

export const menuIcon = (name: string): ReactNode => ICONS[name] ?? <FolderOpenOutlined aria-hidden />;
