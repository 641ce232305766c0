import type { ComponentProps } from 'react';
import { lazyComponent } from '../../ui/LazyLoad';
import type { AdhocBillForm as AdhocBill } from '../billing/AdhocBillForm';
import type { ContactForm as Contact } from '../contacts/ContactForm';
import type { EformForm as Eform } from '../eforms/EformForm';
import type { AmlCheckForm as AmlCheck, IdVerificationForm as IdVerification } from '../identity/IdentityForms';
import type { LeadConvertForm as LeadConvert, LeadForm as Lead, LeadNoteForm as LeadNote } from '../leads/LeadForms';

/**
 * The action forms, loaded the first time one is opened rather than at start (most sessions only read).
 * Same props as the forms themselves; screens import them from here.
 */
export const ContactForm = lazyComponent<ComponentProps<typeof Contact>>(
  async () => (await import('../contacts/ContactForm')).ContactForm,
  'the form',
);
export const EformForm = lazyComponent<ComponentProps<typeof Eform>>(
  async () => (await import('../eforms/EformForm')).EformForm,
  'the form',
);
export const AdhocBillForm = lazyComponent<ComponentProps<typeof AdhocBill>>(
  async () => (await import('../billing/AdhocBillForm')).AdhocBillForm,
  'the form',
);
export const IdVerificationForm = lazyComponent<ComponentProps<typeof IdVerification>>(
  async () => (await import('../identity/IdentityForms')).IdVerificationForm,
  'the form',
);
export const AmlCheckForm = lazyComponent<ComponentProps<typeof AmlCheck>>(
  async () => (await import('../identity/IdentityForms')).AmlCheckForm,
  'the form',
);
export const LeadForm = lazyComponent<ComponentProps<typeof Lead>>(
  async () => (await import('../leads/LeadForms')).LeadForm,
  'the form',
);
export const LeadNoteForm = lazyComponent<ComponentProps<typeof LeadNote>>(
  async () => (await import('../leads/LeadForms')).LeadNoteForm,
  'the form',
);
export const LeadConvertForm = lazyComponent<ComponentProps<typeof LeadConvert>>(
  async () => (await import('../leads/LeadForms')).LeadConvertForm,
  'the form',
);
