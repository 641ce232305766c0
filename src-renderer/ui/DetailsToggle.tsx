import { Button } from '@radix-ui/themes';

/**
 * The button that shows or hides one row's detail, in a list where one row's detail is open at a time
 * (`open` is that row's id): it says whether it is expanded, and its words say what it will do.
 */
export function DetailsToggle<K extends string | number>({
  id,
  open,
  onOpen,
  show,
  hide = 'Hide',
}: {
  id: NoInfer<K>;
  open: K | null;
  onOpen(next: NoInfer<K> | null): void;
  /** What the closed row's button says ("Details", "Lines", "Pricing"). */
  show: string;
  hide?: string;
}) {
  const expanded = open === id;
  return (
    <Button size="1" variant="ghost" aria-expanded={expanded} onClick={() => onOpen(expanded ? null : id)}>
      {expanded ? hide : show}
    </Button>
  );
}
