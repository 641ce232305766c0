import { useEffect, useState } from 'react';
import type { PageTextCache } from './page-text-cache';
import { MAX_MATCHES, findInPage, searchPattern, type PageText, type TextMatch } from './pdf-search';

export interface DocumentSearch {
  /** The query these results are for ('' when none). */
  query: string;
  status: 'idle' | 'searching' | 'done';
  matches: TextMatch[];
  /** Each searched page's text, so matches can be mapped onto its text layer. */
  pageTexts: ReadonlyMap<number, PageText>;
  /** True when counting stopped at MAX_MATCHES. */
  truncated: boolean;
}

const IDLE: DocumentSearch = { query: '', status: 'idle', matches: [], pageTexts: new Map(), truncated: false };
/** Typing pauses this long before the document is searched. */
const DEBOUNCE_MS = 150;

/**
 * Searches every page's text for `query` (debounced; a new query or document abandons the old search).
 * Text comes from the shared cache, so pages already searched or drawn are not asked for again.
 */
export function useDocumentSearch(cache: PageTextCache | null, pageCount: number, query: string): DocumentSearch {
  const [result, setResult] = useState<DocumentSearch>(IDLE);

  useEffect(() => {
    const pattern = searchPattern(query);
    if (!cache || !pattern) {
      setResult(IDLE);
      return;
    }
    let abandoned = false;
    const timer = setTimeout(() => {
      void (async () => {
        const matches: TextMatch[] = [];
        const pageTexts = new Map<number, PageText>();
        setResult({ query, status: 'searching', matches: [], pageTexts, truncated: false });
        for (let page = 1; page <= pageCount && matches.length < MAX_MATCHES; page++) {
          let text: PageText;
          try {
            text = (await cache.get(page)).text;
          } catch {
            continue; // A page whose text cannot be read has no matches; the others still count.
          }
          if (abandoned) return;
          pageTexts.set(page, text);
          matches.push(...findInPage(page, text, pattern, MAX_MATCHES - matches.length));
        }
        if (!abandoned)
          setResult({ query, status: 'done', matches, pageTexts, truncated: matches.length >= MAX_MATCHES });
      })();
    }, DEBOUNCE_MS);
    return () => {
      abandoned = true;
      clearTimeout(timer);
    };
  }, [cache, pageCount, query]);

  return result;
}
