import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateInput } from '../../../../src-renderer/ui/DateInput';

const render = (node: React.ReactNode): string => renderToStaticMarkup(<Theme>{node}</Theme>);
const noop = () => undefined;

describe('DateInput', () => {
  it('shows an ISO value the practice’s way, labelled, with the date it reads as', () => {
    const html = render(<DateInput label="Due date" value="2026-04-03" onChange={noop} />);
    expect(html).toContain('value="03/04/2026"');
    expect(html).not.toContain('type="date"');
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Due date<\/label>.*id="\1"/s);
    expect(html).toContain('Reads as 3 Apr 2026');
    expect(html).toContain('placeholder="dd/mm/yyyy"');
  });

  it('empty: the format as its hint; text that is not a date: why, in words', () => {
    expect(render(<DateInput label="Bill date" value="" onChange={noop} />)).toContain('Day first: dd/mm/yyyy.');
    const html = render(<DateInput label="Bill date" value="11/23/2026" onChange={noop} />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('There is no month 23: the day comes first, then the month.');
  });

  it('compact (a filter): the label is the field’s accessible name', () => {
    const html = render(<DateInput compact label="Bills dated from" value="2026-11-23" onChange={noop} />);
    expect(html).toContain('aria-label="Bills dated from"');
    expect(html).toContain('value="23/11/2026"');
  });
});
