import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CopyIcon, ErrorIcon } from './glyphs';
import { NAV_ICONS } from '@plinth/shared-ui/nav-icons';

describe('icons', () => {
  it('are decorative by default: hidden from assistive technology, 16 px', () => {
    const { container } = render(<CopyIcon />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('16');
  });

  it('with a title are images named by it', () => {
    render(<ErrorIcon title="Failed" size={24} />);
    const img = screen.getByRole('img', { name: 'Failed' });
    expect(img.getAttribute('width')).toBe('24');
  });

  it('cover every nav rail entry name', () => {
    for (const name of ['home', 'table', 'sql', 'database', 'auth', 'storage', 'functions', 'reports', 'logs', 'api', 'settings']) {
      expect(NAV_ICONS[name], name).toBeTruthy();
    }
  });
});
