import type {
  BillDetail,
  PaymentDetail,
  ProposalService,
  RecurringBillingRun,
  StatementDetail,
} from '../../../src-preload/contract/partner-api';
import { billNumberText, numberBillsByDate } from './bill-numbers';
import { buildStatementLines, daysOverdue, paymentsByBill, settleBill } from '../state/billing-math';
import type { CollectionInfo, PracticeProfile, PracticeState } from '../state/practice-state';
import { daysBetween, monthStart, shiftDay } from '../../../src-preload/contract/iso-day';
import { addDays, DAY_MS, elapsedDays, isoDate, isoDateTime, parseDate, round2 } from './dates';
import { recentBetween, type GeneratedClient, type PeopleContext } from './generate-people';
import type { Random } from './random';

interface BillingInput {
  ctx: PeopleContext;
  /** Numeric ids are unique across practices (a bill id of one practice is never another's). */
  idOffset: number;
  profile: PracticeProfile;
  clients: readonly GeneratedClient[];
  services: readonly ProposalService[];
  ledgerConnected: boolean;
}

export interface GeneratedBilling {
  bills: BillDetail[];
  nextBillNumber: number;
  payments: PaymentDetail[];
  collections: Map<number, CollectionInfo>;
  recurringBillings: PracticeState['recurringBillings'];
  recurringRuns: Map<number, RecurringBillingRun[]>;
  statements: StatementDetail[];
}

/**
 * Bills, payments, recurring schedules and statements that agree with each other: each bill is settled
 * from its payments (billing-math), and statements are built from the same bills and payments.
 */
export function generateBilling(input: BillingInput): GeneratedBilling {
  const { ctx, profile } = input;
  const random = ctx.random.fork('billing');
  const anchorDay = isoDate(ctx.anchor);
  const bills: BillDetail[] = [];
  const payments: PaymentDetail[] = [];
  const recurringBillings: PracticeState['recurringBillings'] = new Map();
  const recurringRuns = new Map<number, RecurringBillingRun[]>();
  let billingId = 100_001 + input.idOffset;
  let billNumber = 1;
  let paymentId = 500_001 + input.idOffset;
  let refundId = 1 + input.idOffset;
  let lineID = 1 + input.idOffset;
  let scheduleId = 3001 + input.idOffset;
  let runId = 1 + input.idOffset;

  const makeLines = (count: number) =>
    Array.from({ length: count }, () => {
      const service = random.pick(input.services);
      const quantity = service.serviceType === 'Hourly' ? random.int(1, 12) : 1;
      const unitPrice = service.price;
      const taxAmount = round2(unitPrice * quantity * profile.taxRate);
      return {
        lineID: lineID++,
        description: `${service.name}${service.serviceType === 'Hourly' ? ' (hours)' : ''}`,
        quantity,
        unitPrice,
        taxAmount,
        lineTotal: round2(unitPrice * quantity + taxAmount),
        extAccountID: input.ledgerConnected ? 'fee-income' : null,
        saleItemCode: null,
        extTaxID: input.ledgerConnected ? 'OUTPUT' : null,
      };
    });

  const addBill = (
    client: GeneratedClient,
    billDate: Date,
    source: BillDetail['source'],
    lines: BillDetail['lines'],
    recurringBillingId: number | null,
  ): BillDetail => {
    const id = billingId++;
    const subtotal = round2(lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
    const taxTotal = round2(lines.reduce((s, l) => s + l.taxAmount, 0));
    const recent = elapsedDays(billDate, ctx.anchor) <= 7;
    const statusName: BillDetail['statusName'] =
      recent && random.chance(0.1) ? 'Draft' : random.chance(0.01) ? 'Voided' : 'Awaiting payment';
    const externalId = input.ledgerConnected && statusName !== 'Draft' ? random.uuid() : null;
    const bill: BillDetail = {
      billingId: id,
      // Provisional: the bills are numbered by date once all are made (numberBillsByDate).
      billNumber: billNumberText(billNumber++),
      entityKey: client.entity.entityKey,
      entityName: client.entity.fullEntityName,
      billDate: isoDate(billDate),
      dueDate: shiftDay(isoDate(billDate), random.pick([7, 14, 14, 30])),
      statusName,
      source,
      currency: profile.currency,
      subtotal,
      taxTotal,
      total: round2(subtotal + taxTotal),
      amountPaid: 0,
      amountDue: 0,
      reference: random.chance(0.3) ? `PO ${random.int(1000, 99999)}` : null,
      engagementKey: source === 'proposal' ? random.uuid() : null,
      recurringBillingId,
      updatedOn: isoDateTime(billDate),
      lines,
      externalId,
      externalNumber: externalId ? `LA-${String(billNumber + 10_000).padStart(6, '0')}` : null,
      externalUrl: externalId ? `https://ledger-a.example.com/invoices/${externalId}` : null,
      payLinkUrl: null,
      sendBill: true,
      syncNow: input.ledgerConnected,
    };
    bills.push(bill);
    // This bill's payments are the ones added from here (scanning all payments per bill would be quadratic).
    const firstPayment = payments.length;
    payForBill(bill);
    const own = payments.slice(firstPayment);
    settleBill(bill, own);
    bill.payLinkUrl =
      profile.payLinksEnabled && bill.amountDue > 0 ? `https://pay.example.com/p/${random.hex(20)}` : null;
    const lastTouch = own
      .map((p) => p.updatedOn)
      .sort()
      .at(-1);
    bill.updatedOn =
      lastTouch && lastTouch > bill.updatedOn
        ? lastTouch
        : isoDateTime(new Date(billDate.getTime() + random.int(0, 8) * 3_600_000));
    if (bill.updatedOn > isoDateTime(ctx.anchor)) bill.updatedOn = isoDateTime(new Date(ctx.anchor.getTime() - 60_000));
    return bill;
  };

  const method = (): PaymentDetail['paymentMethod'] =>
    random.weighted([
      ['bank', 40],
      ['card', 30],
      ['external', 10],
      [input.ledgerConnected ? 'ledger_a' : 'bank', 20],
    ] as const);

  const addPayment = (
    bill: BillDetail,
    amount: number,
    day: Date,
    status: PaymentDetail['paymentStatus'],
  ): PaymentDetail => {
    const paymentMethod = method();
    const payment: PaymentDetail = {
      paymentId: paymentId++,
      billingId: bill.billingId,
      billNumber: bill.billNumber,
      entityKey: bill.entityKey,
      entityName: bill.entityName,
      paymentDate: isoDate(day),
      amount: round2(amount),
      refundedAmount: 0,
      currency: profile.currency,
      paymentStatus: status,
      paymentMethod,
      reference:
        paymentMethod === 'card' ? `CARD-${random.hex(8).toUpperCase()}` : `${bill.billNumber} ${random.int(100, 999)}`,
      updatedOn: isoDateTime(new Date(day.getTime() + random.int(8, 18) * 3_600_000)),
      refunds: [],
      failureReason:
        status === 'failed' ? random.pick(['Card declined', 'Insufficient funds', 'Bank account closed']) : null,
      processorReference: paymentMethod === 'card' || paymentMethod === 'bank' ? `pr_${random.hex(16)}` : null,
    };
    if (payment.updatedOn > isoDateTime(ctx.anchor))
      payment.updatedOn = isoDateTime(new Date(ctx.anchor.getTime() - 60_000));
    payments.push(payment);
    return payment;
  };

  function payForBill(bill: BillDetail): void {
    if (bill.statusName === 'Draft' || bill.statusName === 'Voided') return;
    const billDay = parseDate(bill.billDate);
    const overdueDays = daysBetween(bill.dueDate, isoDate(ctx.anchor));
    const pPaid =
      overdueDays > 180 ? 0.97 : overdueDays > 60 ? 0.88 : overdueDays > 30 ? 0.72 : overdueDays > 0 ? 0.55 : 0.3;
    const payDay = (): Date => {
      const latest = Math.min(
        ctx.anchor.getTime() - DAY_MS,
        addDays(parseDate(bill.dueDate), random.int(-5, 40)).getTime(),
      );
      return latest <= billDay.getTime() ? billDay : recentBetween(random, billDay, new Date(latest));
    };
    if (random.chance(0.03)) addPayment(bill, bill.total, payDay(), 'failed');
    if (random.chance(pPaid)) {
      const day = payDay();
      if (elapsedDays(day, ctx.anchor) <= 4 && random.chance(0.3)) {
        addPayment(bill, bill.total, day, 'processing');
        return;
      }
      addPayment(bill, bill.total, day, 'completed');
      if (random.chance(0.015)) {
        // A duplicate payment, refunded in full a few days later.
        const duplicate = addPayment(bill, bill.total, day, 'refunded');
        const refundedOn = addDays(day, random.int(1, 5));
        const when = refundedOn > ctx.anchor ? ctx.anchor : refundedOn;
        duplicate.refundedAmount = duplicate.amount;
        duplicate.refunds.push({
          refundId: refundId++,
          amount: duplicate.amount,
          refundedOn: isoDateTime(new Date(when.getTime() - 3_600_000)),
          reason: 'Duplicate payment',
        });
      }
    } else if (random.chance(0.12)) {
      addPayment(bill, round2(bill.total * random.pick([0.25, 0.4, 0.5])), payDay(), 'completed');
    }
  }

  // Adhoc and proposal bills: ≈2.6 per client over two years.
  const twoYearsAgo = addDays(ctx.anchor, -730);
  for (const client of input.clients) {
    const count = random.weighted([
      [0, 8],
      [1, 14],
      [2, 24],
      [3, 26],
      [4, 16],
      [5, 12],
    ] as const);
    const from = new Date(Math.max(new Date(client.profile.createdOn).getTime(), twoYearsAgo.getTime()));
    for (let i = 0; i < count; i++) {
      const lineCount = random.chance(0.01) ? random.int(22, 30) : random.int(1, 4);
      addBill(
        client,
        recentBetween(random, from, addDays(ctx.anchor, -0.5)),
        random.chance(0.6) ? 'proposal' : 'adhoc',
        makeLines(lineCount),
        null,
      );
    }
  }

  // Recurring schedules for ≈10% of active clients; each past run made a bill with the ledger's number.
  for (const client of input.clients) {
    if (client.entity.entityTerminated || !random.chance(0.1)) continue;
    const id = scheduleId++;
    const frequency = random.weighted([
      ['Monthly', 70],
      ['Quarterly', 25],
      ['Annually', 5],
    ] as const);
    const stepDays = frequency === 'Monthly' ? 30 : frequency === 'Quarterly' ? 91 : 365;
    const startsOn = recentBetween(random, addDays(ctx.anchor, -365), addDays(ctx.anchor, -20));
    const lines = makeLines(1);
    const amount = lines[0]?.unitPrice ?? 0;
    const runs: RecurringBillingRun[] = [];
    let runDay = startsOn;
    while (runDay < ctx.anchor) {
      const failed = random.chance(0.02);
      const bill = failed
        ? null
        : addBill(
            client,
            runDay,
            'recurring',
            makeLines(1).map((l) => ({ ...l, description: `${l.description} — ${frequency.toLowerCase()} fee` })),
            id,
          );
      runs.push({
        runId: runId++,
        recurringBillingId: id,
        runOn: isoDate(runDay),
        statusName: failed ? 'Failed' : 'Created',
        billingId: bill?.billingId ?? null,
        billNumber: bill?.billNumber ?? null,
        ledgerInvoiceNumber: bill?.externalNumber ?? null,
        amount: bill?.total ?? round2(amount * (1 + profile.taxRate)),
      });
      runDay = addDays(runDay, stepDays);
    }
    const statusName = random.weighted([
      ['Active', 85],
      ['Paused', 10],
      ['Ended', 5],
    ] as const);
    recurringBillings.set(id, {
      recurringBillingId: id,
      entityKey: client.entity.entityKey,
      entityName: client.entity.fullEntityName,
      engagementKey: random.chance(0.7) ? random.uuid() : null,
      name: `${frequency} ${lines[0]?.description ?? 'fee'}`,
      frequency,
      amount,
      taxAmount: round2(amount * profile.taxRate),
      startsOn: isoDate(startsOn),
      endsOn: statusName === 'Ended' ? shiftDay(isoDate(ctx.anchor), -1) : null,
      nextRunOn: statusName === 'Active' ? isoDate(runDay) : null,
      statusName,
      updatedOn: isoDateTime(runs.length > 0 ? parseDate(runs[runs.length - 1]?.runOn ?? isoDate(startsOn)) : startsOn),
      lines: lines.map((l) => ({ description: l.description, amount: l.unitPrice, taxAmount: l.taxAmount })),
    });
    recurringRuns.set(id, runs);
  }

  const nextBillNumber = numberBillsByDate(bills, payments, recurringRuns.values());
  return {
    bills,
    payments,
    nextBillNumber,
    collections: collectionsFor(random, bills, anchorDay),
    recurringBillings,
    recurringRuns,
    statements: generateStatements(input, bills, payments),
  };
}

function collectionsFor(random: Random, bills: readonly BillDetail[], asAt: string): Map<number, CollectionInfo> {
  const collections = new Map<number, CollectionInfo>();
  for (const bill of bills) {
    if (bill.amountDue <= 0) continue;
    const overdue = daysOverdue(bill.dueDate, asAt);
    if (overdue <= 0) continue;
    const plan = random.chance(0.05);
    collections.set(bill.billingId, {
      collectionStatus: plan
        ? 'Payment plan'
        : overdue > 90 && random.chance(0.4)
          ? 'Debt collection'
          : overdue > 60
            ? 'Final notice'
            : overdue > 14
              ? 'Reminder sent'
              : 'None',
      onPaymentPlan: plan,
      paymentPlanInstalmentsRemaining: plan ? random.int(1, 6) : null,
    });
  }
  return collections;
}

/** Month-end statements for the last three months, for clients with a balance or activity. */
function generateStatements(
  input: BillingInput,
  bills: readonly BillDetail[],
  payments: readonly PaymentDetail[],
): StatementDetail[] {
  const byBill = paymentsByBill(payments);
  const byClient = new Map<string, BillDetail[]>();
  for (const bill of bills) {
    const list = byClient.get(bill.entityKey);
    if (list) list.push(bill);
    else byClient.set(bill.entityKey, [bill]);
  }
  const statements: StatementDetail[] = [];
  let statementId = 70_001 + input.idOffset;
  const anchor = input.ctx.anchor;
  for (let back = 3; back >= 1; back--) {
    // A month's statement, dated the first of the next month.
    const periodStart = monthStart(isoDate(anchor), -back);
    const statementDay = monthStart(periodStart, 1);
    const periodEnd = shiftDay(statementDay, -1);
    for (const [entityKey, clientBills] of byClient) {
      const built = buildStatementLines(clientBills, byBill, periodStart, periodEnd);
      if (built.lines.length <= 1 && built.closingBalance === 0) continue;
      const statementDate = parseDate(statementDay);
      const id = statementId++;
      statements.push({
        statementId: id,
        statementNumber: `ST-${periodEnd.slice(0, 7)}-${String(id).padStart(6, '0')}`,
        entityKey,
        entityName: clientBills[0]?.entityName ?? '',
        statementDate: isoDate(statementDate),
        periodStart,
        periodEnd,
        sentOn: isoDateTime(new Date(statementDate.getTime() + 9 * 3_600_000)),
        updatedOn: isoDateTime(new Date(statementDate.getTime() + 9 * 3_600_000)),
        currency: input.profile.currency,
        ...built,
      });
    }
  }
  return statements;
}
