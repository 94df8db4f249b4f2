import { useEffect, useState } from 'react';
import './layout.css';
import { Drawer } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_WIDTH_PX } from '@gradus/contract/codes';
import { appStore, setDevice, setMobileMenuOpen } from '@/lib/app-state';
import { settingsStore } from '@/lib/settings';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { SettingsPanel } from './SettingsPanel';
import { Sidebar } from './Sidebar';
import { TagsView, useVisitedView } from './TagsView';
import { TopBar } from './TopBar';

/** Mobile under 992px (spec 9), tracked on resize. */
function useDevice(): void {
  useEffect(() => {
    const update = () => setDevice(window.innerWidth < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

/** The signed-in frame: sidebar, header (top bar, navbar, tabs), page, settings panel. */
export default function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const opened = appStore.use((s) => s.sidebarOpened);
  const device = appStore.use((s) => s.device);
  const mobileOpen = appStore.use((s) => s.mobileMenuOpen);
  const fixedHeader = settingsStore.use((s) => s.fixedHeader);
  const tagsView = settingsStore.use((s) => s.tagsView);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useDevice();
  useVisitedView();
  // The phone drawer closes on navigation.
  useEffect(() => setMobileMenuOpen(false), [pathname]);

  const mobile = device === 'mobile';
  const width = opened ? SIDEBAR_WIDTH_PX : SIDEBAR_COLLAPSED_WIDTH_PX;
  return (
    <div className={`app-wrapper${mobile ? ' is-mobile' : ''}${!mobile && !opened ? ' is-collapsed' : ''}`}>
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      {mobile ? (
        <Drawer
          open={mobileOpen}
          placement="left"
          size={SIDEBAR_WIDTH_PX}
          onClose={() => setMobileMenuOpen(false)}
          closable={false}
          styles={{ body: { padding: 0 } }}
          className="sidebar-drawer"
        >
          <nav aria-label={t('layout.mainMenu')} className="sidebar-container">
            <Sidebar collapsed={false} />
          </nav>
        </Drawer>
      ) : (
        <nav aria-label={t('layout.mainMenu')} className="sidebar-container" style={{ width }} data-testid="sidebar">
          <Sidebar collapsed={!opened} />
        </nav>
      )}
      <div className="main-container" style={{ marginLeft: mobile ? 0 : width }}>
        <header className={`app-header${fixedHeader ? ' is-fixed' : ''}`}>
          <TopBar />
          <Navbar onOpenSettings={() => setSettingsOpen(true)} />
          {tagsView && <TagsView />}
        </header>
        <main id="main-content" className="app-main" tabIndex={-1}>
          <AppMain />
        </main>
      </div>
      <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
