import { z } from 'zod';
import { billCreateSchema, type BillCreate } from '../../../src-preload/contract/partner-api';
import { describedAs, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { billEffects } from '../../effects/bill-effects';
import { AdhocBillForm, billAmountWords, billStarts } from './bill-start';
import { countOf } from '../../ui/regional/counts';

/** The bill form's totals, as it hands them over with the body. */
const billTotalsSchema = z.object({ net: z.number(), total: z.number().nullable() });

export const billOperations = {
  'bill.createAdhoc': {
    effect: billEffects['bill.createAdhoc'],
    description: describedAs(
      'bill.createAdhoc',
      /** `amount`: the total in the practice's money format (the form's totals). */
      ({ body, clientName, amount }: { body: BillCreate; clientName: string; amount: string }) => {
        const lines = countOf(body.lines.length, 'line');
        return `Bill ${clientName} ${amount} (${lines}${body.sendBill ? ', sent to the client' : ''})`;
      },
      null,
      (stored, { clientName, region, formSays }) => {
        const body = billCreateSchema.safeParse(stored);
        const totals = billTotalsSchema.safeParse(formSays);
        if (!body.success || !totals.success || clientName === null) return null;
        return { body: body.data, clientName, amount: billAmountWords(totals.data, region) };
      },
    ),
    resubmit: resubmitIn(AdhocBillForm, (body, { submitLabel }) => {
      const bill = billCreateSchema.safeParse(body);
      return bill.success ? { entityKey: bill.data.entityKey, initial: bill.data, submitLabel } : null;
    }),
    start: billStarts['bill.createAdhoc'],
  },
} satisfies Record<'bill.createAdhoc', OperationParts>;
