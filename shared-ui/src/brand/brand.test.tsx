import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BrandLockup, BrandMark } from './BrandMark';

describe('brand', () => {
  it('the lockup reads as the product name, its mark decorative', () => {
    const { container } = render(<BrandLockup />);
    expect(container.textContent).toBe('Plinth');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('the mark alone can be named', () => {
    render(<BrandMark title="Plinth" size={32} />);
    expect(screen.getByRole('img', { name: 'Plinth' }).getAttribute('width')).toBe('32');
  });
});
