import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { partState, type PartInputs, type PartState } from '../../../../src-renderer/client-data/part-state';
import {
  DetailStatus,
  detailSentence,
  PartStatus,
  partSentence,
} from '../../../../src-renderer/features/shared/PartStatus';
import { createRendererStores } from '../../../../src-renderer/stores/renderer-stores';
import { ServicesContext } from '../../../../src-renderer/context/services-context';
import type { RendererServices } from '../../../../src-renderer/context/renderer-root';
import type { ClientFacingState } from '../../../../src-renderer/stores/client-facing-store';
import { createStore } from 'zustand/vanilla';

const MISSING = /not on this laptop|have not been read|has not been read|No \w+ on this laptop/i;
const base: PartInputs = { stored: 0, fetchedAt: null, read: { status: 'idle' }, online: true };
const at = '2026-11-20T10:02:00.000Z';

/** A root's stores are all the sentences read (whether the screen is turned to the client). */
const html = (node: React.ReactNode, stores = createRendererStores()) =>
  renderToStaticMarkup(
    <ServicesContext.Provider value={{ stores } as unknown as RendererServices}>
      <Theme>{node}</Theme>
    </ServicesContext.Provider>,
  );
const text = (markup: string) => markup.replace(/<[^>]+>/g, '');

/** Each tab's words, as the tabs pass them. */
const tabs = [
  { part: 'statements', what: 'Statements', noun: 'statements' },
  { part: 'proposals', what: 'Proposals', noun: 'proposals' },
  { part: 'bills', what: 'All bills', noun: 'bills' },
  { part: 'identity', what: 'The identity status', noun: 'the identity status', singular: true },
] as const;

describe("a client's part: loading, present and truly absent are three different things", () => {
  it('is loading until the local database has answered, whatever else is known', () => {
    expect(partState({ ...base, stored: 'loading' })).toBe('loading');
    expect(partState({ ...base, stored: 'loading', online: false })).toBe('loading');
    expect(partState({ ...base, fetchedAt: 'loading', online: false })).toBe('loading');
  });

  it('is reading while the on-demand read is on its way, and until its stored answer shows', () => {
    expect(partState({ ...base, read: { status: 'reading' } })).toBe('reading');
    // The read answered and stored; the "last read" marker's live query has not caught up yet.
    expect(partState({ ...base, read: { status: 'done' } })).toBe('reading');
    expect(partState({ ...base, read: { status: 'done' }, fetchedAt: at })).toBe('empty');
  });

  it('is present as soon as rows are stored, even while a read runs or offline', () => {
    expect(partState({ ...base, stored: 3, read: { status: 'reading' } })).toBe('present');
    expect(partState({ ...base, stored: 1, online: false })).toBe('present');
  });

  it('is absent only when nothing is stored and no read is under way', () => {
    expect(partState({ ...base, online: false })).toBe('absent-offline');
    expect(partState({ ...base })).toBe('absent-never-read');
    expect(partState({ ...base, fetchedAt: at, online: false })).toBe('empty');
    expect(partState({ ...base, read: { status: 'failed', message: 'The practice did not answer.' } })).toBe('failed');
  });

  it.each(tabs)('$part: says nothing is missing while loading, reading or present', (words) => {
    for (const state of ['loading', 'reading', 'present'] as PartState[]) {
      for (const fetchedAt of [null, at]) {
        const markup = html(<PartStatus state={state} fetchedAt={fetchedAt} problem={null} region="ANZ" {...words} />);
        expect(text(markup)).not.toMatch(MISSING);
        if (state !== 'present') expect(markup).toContain('role="status"');
      }
    }
    expect(text(html(<PartStatus state="reading" fetchedAt={null} problem={null} {...words} />))).toBe(
      `Reading ${words.noun} from the practice…`,
    );
  });

  it.each(tabs)('$part: says what would bring it when truly absent offline, and when it was read', (words) => {
    const offline = partSentence('absent-offline', { ...words, fetchedAt: null, problem: null });
    expect(offline).toMatch(/not on this laptop yet/);
    expect(offline).toMatch(/opened online, or comes? with a meeting pack/);
    expect(partSentence('present', { ...words, fetchedAt: at, problem: null, region: 'ANZ' })).toMatch(
      /as read from the practice 20 Nov 2026/,
    );
    expect(partSentence('empty', { ...words, fetchedAt: at, problem: null, region: 'ANZ' })).toContain(
      `The practice has no ${words.noun} for this client`,
    );
  });

  it('a row detail (bill lines, statement lines, proposal pricing) is missing only when truly absent', () => {
    for (const [subject, verb] of [
      ['the lines of this bill', 'are'],
      ['the lines of this statement', 'are'],
      ['the pricing of this proposal', 'is'],
    ] as const) {
      for (const state of ['loading', 'reading'] as PartState[]) {
        const markup = html(<DetailStatus state={state} subject={subject} verb={verb} problem={null} />);
        expect(text(markup)).not.toMatch(MISSING);
        expect(markup).toContain('role="status"');
      }
      expect(detailSentence('absent-offline', subject, verb, null)).toMatch(
        /not on this laptop; (it comes|they come) with a meeting pack/,
      );
    }
  });

  it("with the screen turned to the client, what would bring a part never names the meeting pack, the practice's preparation", () => {
    // Rendered on the server, a store is read at its initial state: the mode is on from the start.
    const stores = {
      ...createRendererStores(),
      clientFacing: createStore<ClientFacingState>()(() => ({
        loaded: true,
        active: {
          practiceKey: '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f',
          entityKey: '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91',
        },
        apply: () => undefined,
      })),
    };
    for (const words of tabs) {
      const shown = text(
        html(<PartStatus state="absent-offline" fetchedAt={null} problem={null} {...words} />, stores),
      );
      expect(shown).toMatch(/not on this laptop yet: (they are|it is) read when this client is opened online\.$/);
      expect(shown).not.toMatch(/meeting pack/);
    }
    const detail = text(
      html(<DetailStatus state="absent-offline" subject="the lines of this bill" problem={null} />, stores),
    );
    expect(detail).toBe('The lines of this bill are not on this laptop; they come when opened online.');
  });
});
