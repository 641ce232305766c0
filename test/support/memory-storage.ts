/** A Web Storage stand-in for Node (localStorage exists only in the browser), with its keys listed for assertions. */
export function memoryStorage(initial: Record<string, string> = {}): Storage & { keys(): string[] } {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, String(value)),
    removeItem: (name: string) => void items.delete(name),
    clear: () => items.clear(),
    keys: () => [...items.keys()].sort(),
  };
}
