/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), as a scraper reads it: `# HELP` and
 * `# TYPE` once per family and before its samples, metric and label names of the allowed characters, label
 * values quoted with their escapes, values as Go's ParseFloat reads them (NaN and ±Inf included), every sample in the family its
 * TYPE named (a histogram's `_bucket`, `_sum`, `_count`), and a histogram's buckets cumulative up to `+Inf`,
 * which equals its count. Anything else throws, naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<Family['type'], readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** A value as Go's ParseFloat reads it (the format's rule): NaN and infinities in any letter case. */
function parseValue(text: string, where: string): number {
  const special = /^([-+]?)(nan|inf|infinity)$/i.exec(text);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: "${text}" is not a value`);
  return Number(text);
}

/** `{a="1",b="x\"y"}` from `at` (the brace): the labels and where the block ended. */
function parseLabels(line: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    if (line[i] === '}') return { labels, end: i + 1 };
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: a label without "="`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: "${name}" is not a label name`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name}'s value is not quoted`);
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] !== '\\') {
        value += line[j];
        continue;
      }
      const escaped = line[++j];
      if (escaped === 'n') value += '\n';
      else if (escaped === '\\' || escaped === '"') value += escaped;
      else throw new Error(`${where}: "\\${escaped}" is no escape in a label value`);
    }
    if (line[j] !== '"') throw new Error(`${where}: label ${name}'s value is not closed`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') throw new Error(`${where}: labels not separated by ","`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const sampled = new Set<string>();
  const family = (name: string): Family => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, type: 'untyped', help: '', samples: [] }));
    return found;
  };
  /** The family a sample's name belongs to: the longest family name it extends with an allowed suffix. */
  const owner = (name: string): Family => {
    for (const [familyName, candidate] of families)
      if (SUFFIXES[candidate.type].some((suffix) => `${familyName}${suffix}` === name)) return candidate;
    return family(name);
  };
  if (!text.endsWith('\n')) throw new Error('The exposition does not end with a line feed.');
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, index) => {
      const where = `line ${index + 1} ("${line.slice(0, 80)}")`;
      if (line.trim() === '') return;
      if (line.startsWith('#')) {
        const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
        if (!meta) return;
        const [, keyword, name, rest] = meta as unknown as [string, 'HELP' | 'TYPE', string, string];
        if (!METRIC_NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
        if (sampled.has(name)) throw new Error(`${where}: ${keyword} after the family's samples`);
        const target = family(name);
        if (keyword === 'HELP') {
          if (target.help) throw new Error(`${where}: a second HELP`);
          target.help = rest;
        } else {
          if (!TYPES.has(rest)) throw new Error(`${where}: "${rest}" is not a type`);
          if (target.type !== 'untyped' || target.samples.length > 0) throw new Error(`${where}: a second TYPE`);
          target.type = rest as Family['type'];
        }
        return;
      }
      const nameEnd = line.search(/[{ ]/);
      if (nameEnd <= 0) throw new Error(`${where}: not a sample`);
      const name = line.slice(0, nameEnd);
      if (!METRIC_NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
      let rest = line.slice(nameEnd);
      let labels: Record<string, string> = {};
      if (rest.startsWith('{')) {
        const parsed = parseLabels(line, nameEnd, where);
        labels = parsed.labels;
        rest = line.slice(parsed.end);
      }
      const parts = rest.trim().split(/\s+/);
      if (parts.length < 1 || parts.length > 2 || parts[0] === '') throw new Error(`${where}: no value`);
      if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1]))
        throw new Error(`${where}: "${parts[1]}" is no timestamp`);
      const target = owner(name);
      sampled.add(target.name);
      target.samples.push({ name, labels, value: parseValue(parts[0]!, where) });
    });
  for (const found of families.values()) if (found.type === 'histogram') checkHistogram(found);
  return families;
}

/** Per series (labels but `le`), buckets never decrease and the `+Inf` bucket is the count. */
function checkHistogram(histogram: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  const keyOf = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([name]) => name !== 'le')
        .sort(),
    );
  for (const sample of histogram.samples) {
    const entry = series.get(keyOf(sample.labels)) ?? { buckets: [] };
    series.set(keyOf(sample.labels), entry);
    if (sample.name.endsWith('_bucket')) {
      const le = sample.labels.le;
      if (le === undefined) throw new Error(`${histogram.name}: a bucket without le`);
      entry.buckets.push([parseValue(le, histogram.name), sample.value]);
    } else if (sample.name.endsWith('_count')) entry.count = sample.value;
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    sorted.forEach(([, value], i) => {
      if (i > 0 && value < sorted[i - 1]![1]) throw new Error(`${histogram.name} ${key}: buckets decrease`);
    });
    const last = sorted.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY || last[1] !== count)
      throw new Error(`${histogram.name} ${key}: no +Inf bucket equal to its count`);
  }
}
