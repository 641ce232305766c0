import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { withoutRow } from '../../ui/RemoveRowButton';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { servicesPutSchema, type ProposalDetail } from '../../../src-preload/contract/partner-api';
import { CheckInput, SchemaForm, withoutError, type FieldErrors } from '../../ui/form-kit';
import { pricingAmounts } from '../../../src-preload/contract/proposal-amounts';
import { byFrequencyText } from '../../ui/money/ProposalHeadline';
import { draftTotals } from './new-proposal-draft';
import { DraftTotalsView } from './ProposalLinesEditor';
import { ServiceLineRow } from './ServiceLineRow';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { useRegion } from '../../ui/regional/use-region';
import { formatMoney, moneyLocale } from '../../ui/regional/regional-format';
import {
  newServiceRow,
  servicesBody,
  servicesErrors,
  servicesInputIssues,
  serviceRowsOf,
  withService,
  type ServiceRow,
} from './proposal-edits';
import { lineEditRules, servicesWrite, type ServicesWrite } from './service-lines';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';

/**
 * Edit a proposal's service lines, starting from the lines stored on this laptop, with services from the
 * synced catalogue. Sent as line edits (PATCH: only the lines that changed, each with its value as read,
 * so a line changed at the practice meanwhile is never overwritten silently); "Replace the whole list"
 * sends every line (PUT) instead. An accepted proposal can be changed, but its billing then needs review
 * at the practice: said before anything is queued.
 */
export function ServicesForm(props: {
  detail: ProposalDetail;
  disabledReason?: string | null;
  onSubmit(write: ServicesWrite): Promise<void>;
  onCancel(): void;
}) {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const region = useRegion();
  const money = moneyLocale(region);
  const catalogue =
    useLiveQuery(
      async () =>
        (await databases.of(practiceKey).proposalServices.toArray()).sort((a, b) => a.name.localeCompare(b.name)),
      [practiceKey],
    ) ?? [];
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [rows, setRows] = useState<ServiceRow[]>(() => serviceRowsOf(props.detail.pricing.services, money));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [replaceAll, setReplaceAll] = useState(false);
  const update = (index: number, change: (row: ServiceRow) => ServiceRow) =>
    setRows((all) => all.map((row, i) => (i === index ? change(row) : row)));
  const err = (index: number, field: string) => errors[`service.${index}.${field}`];
  const typeNumber = (index: number, field: 'quantity' | 'price', text: string) => {
    update(index, (r) => ({ ...r, [field]: text }));
    setErrors((all) => withoutError(all, `service.${index}.${field}`));
  };
  // Lines of services no longer in the catalogue stay selectable under their own name.
  const known = new Set(catalogue.map((s) => String(s.serviceID)));
  const retired = props.detail.pricing.services.filter((l) => !known.has(String(l.serviceID)));
  // The totals' effect as it is typed: now (the practice's pricing) and after (as the practice will price it).
  const now = pricingAmounts(props.detail.pricing.services, catalogue);
  const typed = servicesBody(user, rows, money).services.flatMap((l) =>
    l.serviceID !== undefined && Number.isFinite(l.serviceID) ? [{ ...l, serviceID: l.serviceID }] : [],
  );
  const after = draftTotals(typed, catalogue);
  const uncounted = typed.length - after.lines.length;

  return (
    <SchemaForm
      schema={servicesPutSchema}
      rules={() =>
        rows.length > 0
          ? replaceAll
            ? []
            : lineEditRules(props.detail.pricing.services, servicesBody(user, rows, money).services)
          : [
              {
                path: ['services'],
                message:
                  'Keep at least one service. A proposal the client should not see is withdrawn at the practice.',
              },
            ]
      }
      build={() => servicesBody(user, rows, money)}
      inputIssues={() => servicesInputIssues(rows, money)}
      errorsOf={servicesErrors}
      onValid={rememberThen(async (body) => {
        await props.onSubmit(servicesWrite(props.detail.pricing.services, body, replaceAll));
      })}
      onErrors={setErrors}
      submitLabel={replaceAll ? 'Queue the whole list' : 'Queue new services'}
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      {props.detail.statusName === 'Accepted' ? (
        <Callout.Root color="amber" role="status">
          <Callout.Text>
            The client has accepted this proposal. Changing its services means its billing needs review at the practice.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <UserSelect
        label="Changed by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && 'Choose which staff member is making the change.'}
      />
      {rows.map((row, index) => (
        <ServiceLineRow
          key={index}
          index={index}
          row={row}
          services={catalogue}
          retired={retired}
          errorOf={(field) => err(index, field)}
          onChange={(change, field) => {
            if (field === 'serviceID') update(index, (r) => withService(r, change.serviceID ?? '', catalogue, money));
            else typeNumber(index, field, change[field] ?? '');
          }}
          onRemove={() => setRows(withoutRow(index))}
          money={money}
          region={region}
          testId="service-edit-row"
        />
      ))}
      <Flex justify="between" align="center">
        <Button type="button" variant="soft" onClick={() => setRows((all) => [...all, newServiceRow()])}>
          Add a service
        </Button>
        <Text size="1" color="gray">
          The practice prices each line and adds its tax.
        </Text>
      </Flex>
      <Flex direction="column" gap="1">
        <Text size="1" color="gray" data-testid="services-now">
          Now:{' '}
          {now
            ? `${formatMoney(now.firstYear, region)} first year (${byFrequencyText(now, region)})`
            : `${formatMoney(props.detail.pricing.servicesTotal, region)} for one billing of each service`}
        </Text>
        <DraftTotalsView totals={after} region={region} label="After the change" testIdPrefix="services-after" />
        {uncounted > 0 ? (
          <Text size="1" color="gray">
            {uncounted === 1 ? 'One line' : `${uncounted} lines`} of a service no longer in the catalogue not counted.
          </Text>
        ) : null}
      </Flex>
      <CheckInput
        label="Replace the whole list"
        checked={replaceAll}
        onChange={setReplaceAll}
        hint="every line is sent as shown here, over any change made at the practice since; otherwise only the lines you changed are sent"
      />
    </SchemaForm>
  );
}
