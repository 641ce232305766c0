/** The crash reports this laptop kept, as the diagnostics name them: what "Save support bundle…" will carry. */
export function crashReportLines(diagnostics: string): string {
  const lines = diagnostics.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Crash reports on this laptop:'));
  if (start < 0) return '';
  const named: string[] = [lines[start]!];
  // The dumps are the indented lines right under it.
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) break;
    named.push(line.trim());
  }
  return named.join('\n');
}
