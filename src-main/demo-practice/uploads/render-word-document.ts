import { zipSync } from 'fflate';
import { dayStartMs } from '../../../src-preload/contract/iso-day';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const paragraph = (text: string, bold = false): string =>
  `<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;

/**
 * A Word document (.docx: the smallest Office Open XML package Word opens — content types, the package's
 * relationship and the body) holding a title and paragraphs, the same bytes for the same text. The demo's trust
 * deeds come as these: a file the app keeps and offers to save, but does not show.
 */
export function renderWordDocument(input: {
  title: string;
  paragraphs: readonly string[];
  writtenOn: string;
}): Uint8Array {
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    paragraph(input.title, true) +
    input.paragraphs.map((text) => paragraph(text)).join('') +
    '</w:body></w:document>';
  const files = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
    'word/document.xml': document,
  };
  const mtime = new Date(dayStartMs(input.writtenOn.slice(0, 10)));
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)])),
    { level: 6, mtime },
  );
}
