import { ConfigProvider, message, Modal, notification } from 'antd';
import { appStore } from './app-state';
import { settingsStore } from './settings';
import { SIZE_MAP, themeConfig } from './theme';

/**
 * antd's static message, notification and confirm, loaded on first use so the sign-in screens do not
 * download them up front. The holder follows the current theme colour and size.
 */
ConfigProvider.config({
  holderRender: (children) => {
    const { size } = appStore.get();
    return (
      <ConfigProvider componentSize={SIZE_MAP[size]} theme={themeConfig(settingsStore.get().theme, size)}>
        {children}
      </ConfigProvider>
    );
  },
});

message.config({ maxCount: 3 });

export { message, Modal, notification };
