import { describe, expect, it, beforeEach, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, useTheme } from './ThemeProvider';
import { readStoredTheme, storeTheme, THEME_STORAGE_KEY } from './persistence';

function ThemeSwitch() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      Theme: {theme}
    </button>
  );
}

function preferLight(light: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: light ? query.includes('light') : query.includes('dark'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('starts dark when nothing is stored and the system states no preference', () => {
    render(
      <ThemeProvider>
        <ThemeSwitch />
      </ThemeProvider>,
    );
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(screen.getByRole('button').textContent).toBe('Theme: dark');
  });

  it('follows a light system preference when nothing is stored', () => {
    preferLight(true);
    expect(readStoredTheme()).toBe('light');
  });

  it('a stored choice wins over the system preference', () => {
    preferLight(true);
    storeTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('dark');
  });

  it('switching sets data-theme on the document root, persists, and reports the change', async () => {
    const changes: string[] = [];
    render(
      <ThemeProvider onThemeChange={(theme) => changes.push(theme)}>
        <ThemeSwitch />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Theme: dark' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('plinth.theme')).toBe('light');
    expect(changes).toEqual(['light']);
    expect(screen.getByRole('button').textContent).toBe('Theme: light');
  });

  it('a reload starts from the stored theme', () => {
    localStorage.setItem('plinth.theme', 'light');
    render(
      <ThemeProvider>
        <ThemeSwitch />
      </ThemeProvider>,
    );
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('installs the token stylesheet once, with both themes', () => {
    render(<ThemeProvider theme="dark" />);
    render(<ThemeProvider theme="dark" />);
    const sheets = document.querySelectorAll('style#plinth-theme-tokens');
    expect(sheets).toHaveLength(1);
    expect(sheets[0].textContent).toContain('[data-theme="light"]');
    expect(sheets[0].textContent).toContain('--plinth-color-background');
  });

  it('follows a change of the system setting until the user picks a theme', () => {
    let light = false;
    const listeners: (() => void)[] = [];
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query.includes('light') ? light : !light;
          },
          media: query,
          addEventListener: (_: string, listener: () => void) => listeners.push(listener),
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    render(
      <ThemeProvider>
        <ThemeSwitch />
      </ThemeProvider>,
    );
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    light = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    // Once a choice is stored, a system change no longer moves the theme.
    storeTheme('light');
    light = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('a controlled provider follows its prop', () => {
    const { rerender } = render(<ThemeProvider theme="dark" />);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    rerender(<ThemeProvider theme="light" />);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
