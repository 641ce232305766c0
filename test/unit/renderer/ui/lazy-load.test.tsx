import { Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from '../../../../src-renderer/ui/LazyLoad';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}
const show = (node: ReactNode) => renderToStaticMarkup(<Theme>{node}</Theme>);

describe('lazyComponent', () => {
  it('shows an accessible loading notice until its code is there, then renders at once with the same props', async () => {
    let loads = 0;
    const LazyGreeting = lazyComponent(async () => {
      loads += 1;
      return Greeting;
    }, 'the greeting');
    const before = show(<LazyGreeting name="Ada" />);
    expect(before).toContain('role="status"');
    expect(before).toContain('Loading the greeting…');
    await LazyGreeting.preload();
    await LazyGreeting.preload();
    expect(show(<LazyGreeting name="Ada" />)).toContain('<p>Hello Ada</p>');
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const LazyGreeting = lazyComponent(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk missing');
      return Greeting;
    }, 'the greeting');
    await expect(LazyGreeting.preload()).rejects.toThrow('chunk missing');
    await LazyGreeting.preload();
    expect(show(<LazyGreeting name="Grace" />)).toContain('<p>Hello Grace</p>');
  });
});
