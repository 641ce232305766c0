import {
  billCreateSchema,
  billDetailSchema,
  billSchema,
  roundCents,
  type BillCreate,
  type BillDetail,
} from '../../src-preload/contract/partner-api';
import { DAY_MS, utcDay } from '../../src-preload/contract/iso-day';
import { lineNet, sumMoney } from '../../src-preload/contract/money';
import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import type { VerifyContext } from './verify-context';
import { readAllPages } from '../partner-api/paging';

/**
 * A bill's updatedOn is the practice's clock, compared with the send on that same clock: a minute covers
 * the Date header's whole seconds and the trip. Only if the practice never gave its time does the
 * laptop's clock stand in, with a wide margin for a laptop running apart from the practice.
 */
const SAME_CLOCK_SLACK_MS = 60_000;
const LAPTOP_CLOCK_SLACK_MS = 60 * 60_000;
/** More look-alikes than this and the answer is "unknown" anyway: no need to read every detail. */
const MAX_DETAILS = 5;

const sameLines = (detail: BillDetail, wanted: BillCreate) =>
  detail.lines.length === wanted.lines.length &&
  wanted.lines.every((line, i) => {
    const got = detail.lines[i]!;
    return (
      got.description.trim() === line.description.trim() &&
      got.quantity === line.quantity &&
      roundCents(got.unitPrice) === roundCents(line.unitPrice)
    );
  });

const sameReference = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

/**
 * Settles an adhoc bill sent with no answer by reading the client's bills around the time it was sent:
 * an adhoc bill updated at the practice since the attempt went out (both on the practice's clock), with
 * the same bill and due dates, subtotal, lines and reference, is this one — unless another entry of this
 * laptop created it. Two such bills cannot be told apart ("unknown": a person decides). None: absent, with what
 * was read.
 */
export async function verifyAdhocBill(
  api: PartnerApiClient,
  _params: Record<string, string | number>,
  body: unknown,
  { clock, claimed }: VerifyContext,
): Promise<OutboxVerdict> {
  const wanted = billCreateSchema.parse(body);
  // Without a bill date the practice dates it by its own today: a day either side of when it was sent.
  const startDate = wanted.billDate ?? utcDay(clock.sentAt().at - DAY_MS);
  const endDate = wanted.billDate ?? utcDay(clock.now().at + DAY_MS);
  const bills = await readAllPages(
    async (pageNumber) => {
      const page = await api.list('/bills/list', billSchema, {
        priority: 'outbox',
        query: { entityKey: wanted.entityKey, startDate, endDate, pageNumber },
      });
      return { data: page.data, rejected: page.rejected.length };
    },
    (bill) => bill.billingId,
  );
  // Placed on the practice's clock by the list's own Date header when the attempt had no answer.
  const sent = clock.sentAt();
  const sentFrom = sent.at - (sent.byPractice ? SAME_CLOCK_SLACK_MS : LAPTOP_CLOCK_SLACK_MS);
  const subtotal = sumMoney(wanted.lines.map((line) => lineNet(line.quantity, line.unitPrice)));
  const lookAlikes = bills.data.filter(
    (b) =>
      !claimed.has(b.billingId) &&
      b.source === 'adhoc' &&
      b.dueDate === wanted.dueDate &&
      roundCents(b.subtotal) === subtotal &&
      Date.parse(b.updatedOn) >= sentFrom,
  );
  const matches: BillDetail[] = [];
  for (const bill of lookAlikes.slice(0, MAX_DETAILS)) {
    const { data: detail } = await api.request('GET', `/bills/${bill.billingId}`, billDetailSchema, {
      priority: 'outbox',
    });
    if (sameLines(detail, wanted)) matches.push(detail);
  }
  if (matches.length > 1 || lookAlikes.length > MAX_DETAILS) {
    return {
      verdict: 'unknown',
      reason: `${Math.max(matches.length, lookAlikes.length)} bills made since this was sent look the same (date, total and lines), so the app cannot tell which, if any, is this one.`,
    };
  }
  const match = matches[0];
  // The same lines under another reference is most likely another bill, but a reference can be edited at
  // the practice: "absent" would risk a second bill and "found" a missing one, so a person decides.
  if (match && !sameReference(match.reference, wanted.reference))
    return {
      verdict: 'unknown',
      reason:
        `A bill made since this was sent has the same date, total and lines but the reference ${JSON.stringify(match.reference ?? '')} instead of ${JSON.stringify(wanted.reference ?? '')}: it may be another bill, or this one with its reference changed.`.slice(
          0,
          500,
        ),
    };
  if (match)
    return {
      verdict: 'found',
      result: { billingId: match.billingId, billNumber: match.billNumber, statusName: match.statusName },
    };
  return {
    verdict: 'absent',
    note: `No adhoc bill with these lines and a subtotal of ${subtotal.toFixed(2)} among the client's ${bills.data.length} bills dated ${startDate} to ${endDate}.`,
  };
}
