/**
 * Reads a Dockerfile into its instructions, so a test can run the very steps an image is built and started with
 * (no Docker daemon on the test machines). Only what resources/hub/Dockerfile uses is understood; anything else
 * is an error rather than a step silently skipped.
 */
export type DockerStep =
  | { kind: 'FROM' | 'WORKDIR' | 'USER' | 'VOLUME' | 'EXPOSE' | 'STOPSIGNAL'; text: string }
  | { kind: 'ENV'; values: Record<string, string> }
  | { kind: 'COPY'; sources: string[]; target: string }
  | { kind: 'RUN'; shell: string }
  | { kind: 'ENTRYPOINT' | 'CMD'; argv: string[] }
  | { kind: 'HEALTHCHECK'; options: Record<string, string>; argv: string[] };

function execForm(text: string, where: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string'))
    throw new Error(`${where}: only the exec form ["…", "…"] is read here.`);
  return parsed;
}

export function readDockerfile(source: string): DockerStep[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) pending += `${line.slice(0, -1).trim()} `;
    else {
      logical.push(`${pending}${line}`.trim());
      pending = '';
    }
  }
  return logical.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    const text = line.slice(keyword!.length).trim();
    switch (keyword) {
      case 'FROM':
      case 'WORKDIR':
      case 'USER':
      case 'VOLUME':
      case 'EXPOSE':
      case 'STOPSIGNAL':
        return { kind: keyword, text };
      case 'ENV':
        return {
          kind: 'ENV',
          values: Object.fromEntries(
            rest.map((pair) => {
              const at = pair.indexOf('=');
              if (at < 1) throw new Error(`ENV ${pair}: only KEY=VALUE pairs are read here.`);
              return [pair.slice(0, at), pair.slice(at + 1)];
            }),
          ),
        };
      case 'COPY':
        if (rest.some((part) => part.startsWith('--'))) throw new Error(`${line}: COPY options are not read here.`);
        return { kind: 'COPY', sources: rest.slice(0, -1), target: rest.at(-1)! };
      case 'RUN':
        return { kind: 'RUN', shell: text };
      case 'ENTRYPOINT':
      case 'CMD':
        return { kind: keyword, argv: execForm(text, keyword) };
      case 'HEALTHCHECK': {
        const at = text.indexOf(' CMD ');
        if (at < 0) throw new Error('HEALTHCHECK: only HEALTHCHECK [OPTIONS] CMD [...] is read here.');
        const options = Object.fromEntries(
          text
            .slice(0, at)
            .split(/\s+/)
            .filter(Boolean)
            .map((option) => option.replace(/^--/, '').split('=') as [string, string]),
        );
        return { kind: 'HEALTHCHECK', options, argv: execForm(text.slice(at + 5).trim(), 'HEALTHCHECK CMD') };
      }
      default:
        throw new Error(`${keyword}: an instruction this reader does not know.`);
    }
  });
}
