import type { ComponentProps } from 'react';
import { billCreateSchema, type BillCreate } from '../../../src-preload/contract/partner-api';
import { lazyComponent } from '../../ui/LazyLoad';
import { describedAs, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { billEffects } from './bill-effects';
import type { AdhocBillForm as Form } from './AdhocBillForm';

/** Loaded the first time it is opened, not at start. */
export const AdhocBillForm = lazyComponent<ComponentProps<typeof Form>>(
  async () => (await import('./AdhocBillForm')).AdhocBillForm,
  'the form',
);

export const billOperations = {
  'bill.createAdhoc': {
    effect: billEffects['bill.createAdhoc'],
    description: describedAs(
      'bill.createAdhoc',
      /** `amount`: the total in the practice's money format (the form's totals). */
      ({ body, clientName, amount }: { body: BillCreate; clientName: string; amount: string }) => {
        const lines = body.lines.length === 1 ? '1 line' : `${body.lines.length} lines`;
        return `Bill ${clientName} ${amount} (${lines}${body.sendBill ? ', sent to the client' : ''})`;
      },
    ),
    resubmit: resubmitIn(AdhocBillForm, (body, { submitLabel }) => {
      const bill = billCreateSchema.safeParse(body);
      return bill.success ? { entityKey: bill.data.entityKey, initial: bill.data, submitLabel } : null;
    }),
    form: AdhocBillForm,
  },
} satisfies Record<'bill.createAdhoc', OperationParts>;
