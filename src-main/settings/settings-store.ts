/**
 * Small persistent key/value settings. electron-store in the app; a JSON file in the preview and
 * tests. Values are plain JSON; each reader validates what it gets back, since files can be edited.
 */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}
