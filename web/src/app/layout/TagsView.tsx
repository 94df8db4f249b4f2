import { useEffect } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AFFIX_VIEWS, useRouteMeta } from '../route-meta';
import { addView, delAllViews, delCachedView, delOthersViews, delView, tagsStore, useTags, type TagView } from '../stores/tags';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** Registers the current page as a tab (spec 2 tags view). Runs even when the strip is hidden. */
export function useVisitedView(): void {
  const { pathname, search } = useLocation();
  const meta = useRouteMeta();
  const epoch = useTags((s) => s.visitedViews.length === 0);
  useEffect(() => {
    for (const view of AFFIX_VIEWS) addView({ ...view });
  }, [epoch]);
  useEffect(() => {
    if (!meta || meta.noTag || meta.group) return;
    addView({ path: pathname, fullPath: pathname + search, title: meta.title, noCache: meta.noCache, affix: meta.affix });
  }, [pathname, search, meta]);
}

export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const views = useTags((s) => s.visitedViews);
  const current = views.find((v) => v.path === pathname);

  const toLastView = () => {
    const rest = tagsStore.get().visitedViews;
    const last = rest[rest.length - 1];
    navigate(last ? last.fullPath : '/');
  };

  const run = (action: Action, view: TagView) => {
    switch (action) {
      case 'refresh':
        delCachedView(view.path);
        navigate(`/redirect${view.fullPath}`, { replace: true });
        break;
      case 'close':
        if (view.affix) return;
        delView(view.path);
        if (view.path === pathname) toLastView();
        break;
      case 'closeOthers':
        if (view.path !== pathname) navigate(view.fullPath);
        delOthersViews(view.path);
        break;
      case 'closeAll':
        delAllViews();
        if (!tagsStore.get().visitedViews.some((v) => v.path === pathname)) toLastView();
        break;
    }
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      ...(view.affix ? [] : [{ key: 'close', label: t('tags.close') }]),
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key }) => run(key as Action, view),
  });

  return (
    <nav className="tags-view" aria-label={t('tags.label')}>
      <ul className="tags-view__list">
        {views.map((view) => {
          const active = view.path === pathname;
          const title = t(view.title);
          return (
            <Dropdown key={view.path} trigger={['contextMenu']} menu={menuFor(view)}>
              <li
                className={`tags-view__item${active ? ' is-active' : ''}`}
                data-path={view.path}
                onMouseDown={(e) => {
                  if (e.button === 1) e.preventDefault();
                }}
                onMouseUp={(e) => {
                  // Middle click closes the tab (spec 2).
                  if (e.button === 1) run('close', view);
                }}
              >
                <Link to={view.fullPath} aria-current={active ? 'page' : undefined} onAuxClick={(e) => e.preventDefault()}>
                  {title}
                </Link>
                {!view.affix && (
                  <button type="button" className="tags-view__close" aria-label={t('tags.closeTab', { title })} onClick={() => run('close', view)}>
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
      {current && (
        <Dropdown trigger={['click']} menu={menuFor(current)}>
          <Button type="text" size="small" className="tags-view__actions" aria-label={t('tags.actions')} icon={<DownOutlined aria-hidden />} />
        </Dropdown>
      )}
    </nav>
  );
}
