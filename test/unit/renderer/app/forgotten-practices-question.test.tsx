import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ForgottenPracticesQuestion } from '../../../../src-renderer/app/ForgottenPractices';

const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the question about a forgotten practice holding unsent actions', () => {
  it('says what would be lost, and offers to keep it first', () => {
    const html = renderToStaticMarkup(
      <Theme>
        <ForgottenPracticesQuestion
          practices={[{ practiceKey: '22222222-2222-4222-8222-222222222222', unsent: 3 }]}
          onAnswer={() => undefined}
        />
      </Theme>,
    );
    expect(html).toContain('role="alertdialog"');
    expect(text(html)).toContain('3 unsent actions for a practice that is no longer connected on this laptop.');
    expect(text(html)).toContain('asked about again the next time the app starts');
    // The safe choice comes first (and is focused when the dialog opens).
    expect([...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]?.trim())).toEqual([
      'Keep for now',
      'Delete',
    ]);
  });
});
