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
  SolutionOutlined,
  StarOutlined,
  SunOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Contract icon names (the spec's areas) -> antd icons. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <NotificationOutlined />,
  admissions: <AuditOutlined />,
  enrolment: <SolutionOutlined />,
  registration: <FormOutlined />,
  scoreQuery: <FileSearchOutlined />,
  summerCamp: <SunOutlined />,
  recommended: <StarOutlined />,
  agreement: <PayCircleOutlined />,
  archives: <FolderOpenOutlined />,
  callingApplication: <PrinterOutlined />,
  serviceGuide: <CompassOutlined />,
  rules: <BookOutlined />,
};

export const menuIcon = (name: string): ReactNode => ICONS[name] ?? <FolderOpenOutlined />;
