import { localeOf } from './regional-format';

/**
 * A size as a person reads it, in the region's number style: bytes, kilobytes or megabytes, whichever keeps
 * the number readable — five small PDFs are "84 KB", never "0.0 MB".
 */
export function formatBytes(bytes: number, region: string | undefined): string {
  const locale = localeOf(region);
  const unit = bytes < 1024 ? 'byte' : bytes < 1024 * 1024 ? 'kilobyte' : 'megabyte';
  const value = unit === 'byte' ? bytes : unit === 'kilobyte' ? bytes / 1024 : bytes / (1024 * 1024);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'megabyte' && value < 10 ? 1 : 0,
  }).format(value);
}
