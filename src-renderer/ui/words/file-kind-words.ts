import { bareContentType } from '../../../src-preload/contract/uploaded-files';

const KINDS: Readonly<Record<string, string>> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG picture',
  'image/jpeg': 'a JPEG photo',
  'image/webp': 'a WebP picture',
  'image/heic': 'a HEIC photo (the iPhone’s format)',
  'image/tiff': 'a TIFF image',
  'text/plain': 'a text file',
  'text/csv': 'a CSV file',
  'application/msword': 'a Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.ms-excel': 'an Excel workbook',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook',
};

/** A kept file's type in words, as it ends a sentence: "… is a Word document". */
export const fileKindWords = (contentType: string): string => KINDS[bareContentType(contentType)] ?? 'a file';
