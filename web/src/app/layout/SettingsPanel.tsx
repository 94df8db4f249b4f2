import { Drawer, Switch } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '@gradus/contract/codes';
import { changeSetting, settingsStore } from '@/lib/settings';

export const THEME_PRESETS = [DEFAULT_THEME_COLOR, '#13a8a8', '#2f54eb', '#722ed1', '#c41d7f', '#d4380d', '#389e0d'] as const;

function SwitchRow({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="settings-panel__row">
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={checked} onChange={onChange} />
    </div>
  );
}

/** Theme colour, sidebar logo, tags view, fixed header; persisted (spec 2, hidden by default). */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = settingsStore.use((s) => s.theme);
  const tagsView = settingsStore.use((s) => s.tagsView);
  const fixedHeader = settingsStore.use((s) => s.fixedHeader);
  const sidebarLogo = settingsStore.use((s) => s.sidebarLogo);
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} placement="right" size={300} closable={{ 'aria-label': t('common.close') }}>
      <section className="settings-panel" aria-label={t('settings.title')}>
        <h3 className="settings-panel__heading" id="settings-theme">
          {t('settings.theme')}
        </h3>
        <div className="settings-panel__swatches" role="radiogroup" aria-labelledby="settings-theme">
          {THEME_PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={theme.toLowerCase() === color}
              aria-label={t('settings.themePreset', { color })}
              className="settings-panel__swatch"
              style={{ background: color }}
              onClick={() => changeSetting('theme', color)}
            >
              {theme.toLowerCase() === color && <CheckOutlined aria-hidden />}
            </button>
          ))}
        </div>
        <div className="settings-panel__row">
          <label htmlFor="settings-custom-color">{t('settings.customColor')}</label>
          <input id="settings-custom-color" type="color" value={theme} onChange={(e) => changeSetting('theme', e.target.value)} />
        </div>
        <h3 className="settings-panel__heading">{t('settings.layout')}</h3>
        <SwitchRow id="settings-tags-view" label={t('settings.tagsView')} checked={tagsView} onChange={(v) => changeSetting('tagsView', v)} />
        <SwitchRow id="settings-fixed-header" label={t('settings.fixedHeader')} checked={fixedHeader} onChange={(v) => changeSetting('fixedHeader', v)} />
        <SwitchRow id="settings-sidebar-logo" label={t('settings.sidebarLogo')} checked={sidebarLogo} onChange={(v) => changeSetting('sidebarLogo', v)} />
      </section>
    </Drawer>
  );
}
