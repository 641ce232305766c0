import { rgb } from 'pdf-lib';
import { PageFlow, detailsHeight, drawDetails, drawParagraph, type DetailRow } from './pdf-flow';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  MARGIN,
  MUTED,
  PAGE_WIDTH,
  RULE,
  WHITE,
  createPdfDoc,
  drawText,
  fitSize,
  savePdf,
  tint,
  wrapText,
} from './pdf-layout';
import type { CertificatePdfInput } from './pdf-types';

const TITLE = 'IDENTITY VERIFICATION CERTIFICATE';

const RESULTS = {
  verified: { label: 'Verified', badge: 'IDENTITY VERIFIED', colour: rgb(0.09, 0.5, 0.27) },
  failed: { label: 'Not verified', badge: 'NOT VERIFIED', colour: rgb(0.74, 0.15, 0.15) },
  pending: { label: 'Pending', badge: 'VERIFICATION PENDING', colour: rgb(0.72, 0.45, 0.02) },
} as const;

const AML_RESULTS = { clear: 'Clear', match: 'Possible match - under review', pending: 'Pending' } as const;
const AML_KINDS = { standard: 'Standard', extensive: 'Extensive' } as const;

/** The outcome of an identity (and AML) check as a branded, one-page A4 certificate. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const { practice } = input;
  const doc = await createPdfDoc(practice, {
    title: `Identity verification certificate ${input.certificateNumber}`,
    subject: `Identity verification of ${input.subjectName} by ${practice.name}`,
    generatedAt: input.generatedAt,
  });
  const { fmt } = doc;
  const result = RESULTS[input.result] ?? RESULTS.pending;
  const flow = new PageFlow(doc, '', `${TITLE} ${input.certificateNumber} (continued)`);
  const { page } = flow;
  const centre = PAGE_WIDTH / 2;

  // A double frame around the body of the page.
  const frameTop = flow.y + 14;
  const frameHeight = frameTop - CONTENT_BOTTOM;
  const outer = { x: MARGIN - 12, y: CONTENT_BOTTOM - 8, width: CONTENT_WIDTH + 24, height: frameHeight + 8 };
  const inner = { x: MARGIN - 8, y: CONTENT_BOTTOM - 4, width: CONTENT_WIDTH + 16, height: frameHeight };
  page.drawRectangle({ ...outer, borderColor: doc.accent, borderWidth: 1.2 });
  page.drawRectangle({ ...inner, borderColor: tint(doc.accent, 0.6), borderWidth: 0.6 });

  flow.y -= 22;
  const titleSize = fitSize(doc.bold, TITLE, 20, 12, CONTENT_WIDTH - 20);
  drawText(doc, page, TITLE, centre, flow.y, { size: titleSize, bold: true, color: doc.accent, align: 'center' });
  drawText(doc, page, `Certificate number ${input.certificateNumber}`, centre, flow.y - 20, {
    size: 10,
    color: MUTED,
    align: 'center',
  });
  page.drawLine({
    start: { x: centre - 60, y: flow.y - 32 },
    end: { x: centre + 60, y: flow.y - 32 },
    thickness: 1.5,
    color: doc.accent,
  });
  flow.y -= 64;

  drawText(doc, page, 'This certifies that the identity of', centre, flow.y, {
    size: 11,
    color: MUTED,
    align: 'center',
  });
  flow.y -= 32;
  const nameSize = fitSize(doc.bold, input.subjectName, 24, 16, CONTENT_WIDTH - 40);
  for (const line of wrapText(doc.bold, input.subjectName, nameSize, CONTENT_WIDTH - 40)) {
    drawText(doc, page, line, centre, flow.y, { size: nameSize, bold: true, align: 'center' });
    flow.y -= nameSize * 1.25;
  }
  flow.y -= 4;
  const checkedBy = `was checked by ${practice.name} (${input.verificationMethod}) with the result:`;
  for (const line of wrapText(doc.regular, checkedBy, 11, CONTENT_WIDTH - 60)) {
    drawText(doc, page, line, centre, flow.y, { size: 11, color: MUTED, align: 'center' });
    flow.y -= 15;
  }

  const badgeWidth = doc.bold.widthOfTextAtSize(result.badge, 14) + 48;
  page.drawRectangle({
    x: centre - badgeWidth / 2,
    y: flow.y - 30,
    width: badgeWidth,
    height: 32,
    color: result.colour,
  });
  drawText(doc, page, result.badge, centre, flow.y - 19, { size: 14, bold: true, color: WHITE, align: 'center' });
  flow.y -= 62;

  const aml = input.aml;
  const details: DetailRow[] = [
    { label: 'Certificate number', value: input.certificateNumber },
    { label: 'Subject', value: input.subjectName },
    ...(input.subjectBirthDate ? [{ label: 'Date of birth', value: fmt.date(input.subjectBirthDate) }] : []),
    { label: 'Verification method', value: input.verificationMethod },
    ...(input.documentType ? [{ label: 'Document type', value: input.documentType }] : []),
    { label: 'Result', value: result.label, strong: true },
    { label: 'Verified on', value: input.verifiedOn ? fmt.date(input.verifiedOn) : 'Not yet verified' },
    { label: 'AML screening', value: aml ? `${AML_KINDS[aml.kind] ?? aml.kind} check` : 'Not performed' },
    ...(aml ? [{ label: 'AML result', value: AML_RESULTS[aml.result] ?? aml.result, strong: true }] : []),
    ...(aml ? [{ label: 'AML checked on', value: aml.checkedOn ? fmt.date(aml.checkedOn) : 'Not yet checked' }] : []),
    { label: 'Issued on', value: fmt.date(input.generatedAt) },
  ];
  const boxX = MARGIN + 40;
  const boxWidth = CONTENT_WIDTH - 80;
  const labelWidth = 150;
  const boxHeight = detailsHeight(doc, details, boxWidth - labelWidth - 32) + 20;
  const box = { x: boxX, y: flow.y - boxHeight, width: boxWidth, height: boxHeight };
  page.drawRectangle({ ...box, color: doc.wash, borderColor: RULE, borderWidth: 0.6 });
  drawDetails(doc, page, details, boxX + 16, flow.y - 8, { labelWidth, valueWidth: boxWidth - labelWidth - 32 });
  flow.y -= boxHeight + 24;

  drawParagraph(flow, 'Statement', statement(input, result.label, fmt.date(input.verifiedOn ?? null)), { size: 9.5 });
  const signWidth = 230;
  const signX = PAGE_WIDTH - MARGIN - signWidth;
  const issuedBy = wrapText(doc.bold, `Issued by ${practice.name}`, 9, signWidth);
  flow.ensure(30 + issuedBy.length * 12 + 14);
  flow.y -= 30;
  flow.page.drawLine({
    start: { x: signX, y: flow.y },
    end: { x: PAGE_WIDTH - MARGIN, y: flow.y },
    thickness: 0.8,
    color: INK_LINE,
  });
  issuedBy.forEach((line, k) => drawText(doc, flow.page, line, signX, flow.y - 13 - k * 12, { size: 9, bold: true }));
  const issuedOn = `${fmt.date(input.generatedAt)}  ·  ${practice.email}`;
  drawText(doc, flow.page, issuedOn, signX, flow.y - 13 - issuedBy.length * 12, { size: 8.5, color: MUTED });
  return savePdf(doc);
}

const INK_LINE = rgb(0.3, 0.32, 0.36);

function statement(input: CertificatePdfInput, resultLabel: string, verifiedOn: string): string {
  const { practice, subjectName } = input;
  const outcome =
    input.result === 'verified'
      ? `${practice.name} verified the identity of ${subjectName} on ${verifiedOn} using: ${input.verificationMethod}.`
      : input.result === 'failed'
        ? `${practice.name} could not verify the identity of ${subjectName} using: ${input.verificationMethod}. Result: ${resultLabel}.`
        : `The identity check of ${subjectName} by ${practice.name} has not been completed yet. Result: ${resultLabel}.`;
  return (
    `${outcome} This certificate records the outcome of the checks at the time they were made and is not a guarantee of identity. ` +
    `To confirm it, quote certificate number ${input.certificateNumber} to ${practice.email} or ${practice.phone}.`
  );
}
