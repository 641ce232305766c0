import type { ComponentProps } from 'react';
import type { BillCreate } from '../../../src-preload/contract/partner-api';
import { lazyComponent } from '../../ui/LazyLoad';
import { formatMoney } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/regional/use-region';
import { startsInDialog, type StartFormProps } from '../shared/action-start';
import type { ClientAbout } from '../shared/client-about';
import { SENT_WHEN } from '../shared/WriteActions';
import type { AdhocBillForm as Form } from './AdhocBillForm';

/** Loaded the first time it is opened, not at start. */
export const AdhocBillForm = lazyComponent<ComponentProps<typeof Form>>(
  async () => (await import('./AdhocBillForm')).AdhocBillForm,
  'the form',
);

/** A bill's amount for its line: the total, or the net "before tax" when the tax is not known here. */
export const billAmountWords = (totals: { net: number; total: number | null }, region: string | undefined): string =>
  totals.total === null ? `${formatMoney(totals.net, region)} before tax` : formatMoney(totals.total, region);

type BillTells = { 'bill.createAdhoc': { body: BillCreate; clientName: string; amount: string } };

function BillStart({ about: { entity }, disabledReason, onCancel, queue }: StartFormProps<ClientAbout, BillTells>) {
  const region = useRegion();
  return (
    <AdhocBillForm
      entityKey={entity.entityKey}
      disabledReason={disabledReason}
      onCancel={onCancel}
      onSubmit={async (body, totals) => {
        await queue({
          operation: 'bill.createAdhoc',
          payload: { params: {}, body },
          told: { body, clientName: entity.fullEntityName, amount: billAmountWords(totals, region) },
        });
      }}
    />
  );
}

/** How an adhoc bill starts, from the client. */
export const billStarts = {
  'bill.createAdhoc': startsInDialog<ClientAbout, BillTells>({
    title: ({ entity }) => `Create an adhoc bill for ${entity.fullEntityName}`,
    description: () => SENT_WHEN,
    width: 'wide',
    clientOf: ({ entity }) => entity.entityKey,
    forms: [AdhocBillForm],
    Form: BillStart,
  }),
};
