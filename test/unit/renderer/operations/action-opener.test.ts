import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OperationName } from '../../../../src-preload/contract/outbox/operations';
import type { StoredPayload } from '../../../../src-preload/contract/outbox/payload-check';
import type { Entity } from '../../../../src-preload/contract/partner-api';
import type { ActionRequest } from '../../../../src-renderer/operations/action-context';
import { createActionOpener, dialogOf, queueStarted } from '../../../../src-renderer/operations/action-opener';
import { operationRegistry, type WrongFacts } from '../../../../src-renderer/operations/registry';
import type { OperationParts } from '../../../../src-renderer/operations/shared/operation-parts';
import type { NewEntry } from '../../../../src-renderer/outbox/outbox-state';

const entity = {
  entityKey: '11111111-1111-4111-8111-111111111111',
  fullEntityName: 'Acme Pty Ltd',
} as Entity;

// Compile-time, following the checklist for adding an action: each literal below leaves one thing out or
// wires one thing wrong, and each `@ts-expect-error` fails the typecheck ("unused directive") once it is right.
const { effect, description, resubmit } = operationRegistry['contact.create'];
type Registry = typeof operationRegistry;
type WrongStart = Omit<Registry['contact.create'], 'start'> & {
  start: {
    kind: 'direct';
    clientOf(about: never): string | null;
    write(about: never): { operation: 'contact.create'; payload: StoredPayload; told: { leadName: string } };
  };
};
export const typeChecks = {
  missingStart: {
    ...operationRegistry,
    // @ts-expect-error -- an operation no screen can start: `openAction(name, about)` would have nothing to open
    'contact.create': { effect, description, resubmit },
  } satisfies Record<OperationName, OperationParts>,
  // @ts-expect-error -- a start that hands the summary other facts than it reads (a lead's name for a contact)
  wrongFacts: true satisfies [WrongFacts<Omit<Registry, 'contact.create'> & { 'contact.create': WrongStart }>] extends [
    never,
  ]
    ? true
    : never,
};

function fakeOutbox() {
  const queued: Omit<NewEntry, 'id'>[] = [];
  return {
    queued,
    queue: vi.fn(async (input: Omit<NewEntry, 'id'>) => (queued.push(input), `entry-${queued.length}`)),
  };
}

/** The element a dialog start renders for `about`, with the host's props (the forms are not rendered here). */
function formOf(
  request: ActionRequest,
  queue: (write: never) => Promise<string>,
): ReactElement<Record<string, unknown>> {
  const dialog = dialogOf(request.name);
  if (!dialog) throw new Error(`${request.name} has no dialog`);
  const element = dialog.Form({
    about: request.about as never,
    disabledReason: null,
    onCancel: () => undefined,
    queue,
  });
  if (!isValidElement<Record<string, unknown>>(element)) throw new Error('not an element');
  return element;
}

describe('opening an action by name', () => {
  it('shows the operation’s dialog, titled from what it is about, and queues what its form submits', async () => {
    const outbox = fakeOutbox();
    const shown: ActionRequest[] = [];
    const openAction = createActionOpener({ outbox, show: (request) => shown.push(request), failed: () => undefined });

    openAction('contact.create', { entity });
    expect(shown).toEqual([{ name: 'contact.create', about: { entity } }]);
    expect(outbox.queue).not.toHaveBeenCalled();
    const request = shown[0]!;
    expect(dialogOf('contact.create')?.title({ entity } as never)).toBe('Add a contact to Acme Pty Ltd');

    const form = formOf(request, (write) => queueStarted(outbox, request, write));
    expect(form.props).toMatchObject({ submitLabel: 'Add contact', disabledReason: null });
    await (form.props['onSubmit'] as (body: unknown) => Promise<void>)({ contactName: 'Jane', contactSurname: 'Doe' });

    expect(outbox.queued).toEqual([
      {
        operation: 'contact.create',
        payload: { params: { entityKey: entity.entityKey }, body: { contactName: 'Jane', contactSurname: 'Doe' } },
        summary: 'Add contact Jane Doe to Acme Pty Ltd',
        entityKey: entity.entityKey,
        dependsOn: [],
      },
    ]);
  });

  it('sends only what changed when a contact is edited, and refuses an edit that changes nothing', async () => {
    const outbox = fakeOutbox();
    const contact = {
      entityContactID: 7,
      contactName: 'Jane',
      contactSurname: 'Doe',
      email: 'jane@acme.example',
      mobile: null,
      position: null,
      isPrimary: false,
    };
    const request: ActionRequest = { name: 'contact.update', about: { entity, contact } };
    const form = formOf(request, (write) => queueStarted(outbox, request, write));
    const submit = form.props['onSubmit'] as (after: unknown) => Promise<void>;
    await expect(submit({ ...contact })).rejects.toThrow('Nothing was changed.');
    await submit({ ...contact, email: 'j@acme.example' });
    expect(outbox.queued).toEqual([
      expect.objectContaining({
        operation: 'contact.update',
        payload: { params: { entityKey: entity.entityKey, entityContactID: 7 }, body: { email: 'j@acme.example' } },
        summary: 'Edit contact Jane Doe of Acme Pty Ltd: email',
        entityKey: entity.entityKey,
      }),
    ]);
  });

  it('queues an operation without a dialog at once, for the client it belongs to', async () => {
    const outbox = fakeOutbox();
    const show = vi.fn();
    createActionOpener({ outbox, show, failed: () => undefined })('eform.sendDraft', {
      formKey: 'form-1',
      draftOf: 'Send the eForm “Engagement” to Jane Doe',
      entityKey: entity.entityKey,
    });
    await vi.waitFor(() => expect(outbox.queue).toHaveBeenCalledOnce());
    expect(show).not.toHaveBeenCalled();
    expect(outbox.queued).toEqual([
      {
        operation: 'eform.sendDraft',
        payload: { params: { formKey: 'form-1' } },
        summary: 'Send the draft of: Send the eForm “Engagement” to Jane Doe',
        entityKey: entity.entityKey,
        dependsOn: [],
      },
    ]);
  });

  it('says why an operation without a dialog could not be queued (read-only credentials), instead of dropping it', async () => {
    const refusal = new Error('These credentials are read-only, so nothing can be queued for the practice.');
    const outbox = { queue: vi.fn(async () => Promise.reject(refusal)) };
    const failed = vi.fn();
    createActionOpener({ outbox, show: vi.fn(), failed })('eform.sendDraft', {
      formKey: 'form-1',
      draftOf: 'Send the eForm “Engagement” to Jane Doe',
      entityKey: entity.entityKey,
    });
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith(refusal));
  });

  it('every operation of the contract says how a screen starts it', () => {
    for (const [name, parts] of Object.entries(operationRegistry))
      expect(parts.start.kind, name).toMatch(/^(dialog|direct)$/);
  });
});
