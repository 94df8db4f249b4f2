import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Input } from 'antd';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';

describe('Providers', () => {
  it('keep what was typed when the language changes and antd’s locale arrives', async () => {
    render(
      <Wrapper>
        <Input aria-label="draft" />
      </Wrapper>,
    );
    const field = screen.getByRole('textbox', { name: 'draft' });
    fireEvent.change(field, { target: { value: '未保存的文字' } });
    for (const lang of ['zh-CN', 'ja', 'en'] as const) {
      await act(() => changeLanguage(lang));
      // Let the locale chunk load and the provider settle.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(screen.getByRole('textbox', { name: 'draft' })).toBe(field);
      expect(field).toHaveValue('未保存的文字');
    }
  });
});
