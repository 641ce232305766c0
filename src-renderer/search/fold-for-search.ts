/**
 * Lower-cased, accent-free text for search: "Zoë Ngāta" → "zoe ngata". The one fold rule: the stored search
 * text of each client is folded with it, and so is every query typed into a list's search.
 */
export function foldForSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
