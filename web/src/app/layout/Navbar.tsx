import { useSyncExternalStore } from 'react';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import {
  CompressOutlined,
  ExpandOutlined,
  FontSizeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoleKey, UI_SIZES, type UiSize } from '@gradus/contract/codes';
import { appStore, setMobileMenuOpen, setSize, toggleSidebar } from '@/lib/app-state';
import { feedback } from '@/lib/feedback';
import { t as translate } from '@/lib/i18n';
import { logout, useSession } from '@/lib/session';
import { clearAllLocalCopies } from '@/lib/form/forget-local-copies';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import { Breadcrumb } from './Breadcrumb';
import { ErrorLog } from './ErrorLog';

const subscribeFullscreen = (cb: () => void) => {
  document.addEventListener('fullscreenchange', cb);
  return () => document.removeEventListener('fullscreenchange', cb);
};

/** Fullscreen where supported, otherwise a warning (spec 8). */
export function toggleFullscreen(doc: Document = document): void {
  if (!doc.fullscreenEnabled || typeof doc.documentElement.requestFullscreen !== 'function') {
    feedback.message.warning(translate('navbar.fullscreenUnsupported'));
    return;
  }
  if (doc.fullscreenElement) void doc.exitFullscreen();
  else void doc.documentElement.requestFullscreen();
}

function FullscreenButton() {
  const { t } = useTranslation();
  const isFull = useSyncExternalStore(subscribeFullscreen, () => Boolean(document.fullscreenElement));
  const label = isFull ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Button
      type="text"
      icon={isFull ? <CompressOutlined aria-hidden /> : <ExpandOutlined aria-hidden />}
      aria-label={label}
      title={label}
      onClick={() => toggleFullscreen()}
    />
  );
}

function SizeSelect() {
  const { t } = useTranslation();
  const size = appStore.use((s) => s.size);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: UI_SIZES.map((s) => ({ key: s, label: t(`size.${s}`) })),
        onClick: ({ key }) => {
          setSize(key as UiSize);
          feedback.message.success(t('navbar.switchSizeSuccess'));
        },
      }}
    >
      <Button type="text" icon={<FontSizeOutlined aria-hidden />} aria-label={t('navbar.size')} title={t('navbar.size')} />
    </Dropdown>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const role = useSession((s) => s.roles[0]);
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: t('navbar.profile') },
    // zs_master applicants are not offered a password change (spec 6).
    ...(role === RoleKey.MASTER ? [] : [{ key: 'resetPassword', icon: <KeyOutlined aria-hidden />, label: t('navbar.changePassword') }]),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('navbar.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'resetPassword') navigate('/resetPassword');
    // The guard sends a signed-out user to /login?redirect=<this page> (not from /resetPassword).
    else if (key === 'logout') {
      clearAllLocalCopies();
      void logout();
    }
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button type="text" className="navbar__user" aria-label={t('navbar.userMenu')}>
        <Avatar size="small" icon={<UserOutlined aria-hidden />} src={user?.avatar || undefined} alt="" />
        <span className="navbar__user-name">{user?.userName}</span>
      </Button>
    </Dropdown>
  );
}

export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const opened = appStore.use((s) => s.sidebarOpened);
  const device = appStore.use((s) => s.device);
  const mobile = device === 'mobile';
  const expanded = mobile ? false : opened;
  return (
    <div className="navbar">
      <Button
        type="text"
        className="navbar__hamburger"
        icon={expanded ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
        aria-label={expanded ? t('navbar.collapseSidebar') : t('navbar.expandSidebar')}
        aria-expanded={expanded}
        onClick={() => (mobile ? setMobileMenuOpen(true) : toggleSidebar())}
      />
      <Breadcrumb />
      <div className="navbar__right">
        <ErrorLog />
        {!mobile && <FullscreenButton />}
        <SizeSelect />
        <LanguageSelect />
        <Button type="text" icon={<SettingOutlined aria-hidden />} aria-label={t('settings.open')} title={t('settings.open')} onClick={onOpenSettings} />
        <UserMenu />
      </div>
    </div>
  );
}
