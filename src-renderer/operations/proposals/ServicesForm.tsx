import { Box, Button, Callout, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { servicesPutSchema, type ProposalDetail } from '../../../src-preload/contract/partner-api';
import { CheckInput, NumberInput, SchemaForm, SelectInput, withoutError, type FieldErrors } from '../../ui/form-kit';
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
        <Card key={index} data-testid="service-edit-row">
          {/* The service's name on a line of its own, so it is read whole; quantity and price share the next. */}
          <Grid columns={{ initial: '1', sm: 'minmax(6rem, 1fr) minmax(0, 2fr)' }} gap="2" align="end">
            <Box gridColumn="1 / -1">
              <SelectInput
                label={`Service ${index + 1}`}
                required
                value={row.serviceID}
                onChange={(serviceID) => update(index, (r) => withService(r, serviceID, catalogue, money))}
                error={err(index, 'serviceID')}
              >
                <option value="">Choose…</option>
                {catalogue.map((s) => (
                  <option key={s.serviceID} value={s.serviceID}>
                    {s.name} ({formatMoney(s.price, region)}, {s.frequency})
                  </option>
                ))}
                {retired.map((l) => (
                  <option key={`retired-${l.serviceID}`} value={l.serviceID}>
                    {l.serviceName} (no longer in the catalogue)
                  </option>
                ))}
              </SelectInput>
            </Box>
            <NumberInput
              label="Quantity"
              locale={money.locale}
              value={row.quantity}
              onChange={(text) => typeNumber(index, 'quantity', text)}
              error={err(index, 'quantity')}
            />
            <Flex gap="2" align="end">
              <NumberInput
                label="Price"
                locale={money.locale}
                currency={money.currency}
                show={(amount) => formatMoney(amount, region)}
                value={row.price}
                onChange={(text) => typeNumber(index, 'price', text)}
                error={err(index, 'price')}
                hint="Before tax; blank for the catalogue price."
              />
              <RemoveRowButton onRemove={() => setRows(withoutRow(index))}>Remove service {index + 1}</RemoveRowButton>
            </Flex>
          </Grid>
        </Card>
      ))}
      <Flex justify="between" align="center">
        <Button type="button" variant="soft" onClick={() => setRows((all) => [...all, newServiceRow()])}>
          Add a service
        </Button>
        <Text size="1" color="gray">
          The practice prices each line and adds its tax.
        </Text>
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
