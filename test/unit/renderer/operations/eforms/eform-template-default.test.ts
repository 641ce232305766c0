import { describe, expect, it } from 'vitest';
import type { EformTemplate } from '../../../../../src-preload/contract/partner-api';
import { eformTemplates } from '../../../../../src-main/demo-practice/data/generate-catalogs';
import { defaultTemplateId } from '../../../../../src-renderer/operations/eforms/eform-template-default';

const template = (templateId: number, name: string, category: string): EformTemplate => ({
  templateId,
  name,
  category,
  description: null,
  questionCount: 1,
});

describe('the template an eForm starts on', () => {
  it('for an existing client, not a new-client onboarding form', () => {
    const id = defaultTemplateId(eformTemplates, true);
    const chosen = eformTemplates.find((t) => t.templateId === id)!;
    expect(chosen.name).not.toMatch(/new client/i);
    expect(chosen.category).not.toBe('Onboarding');
    expect(chosen.name).toBe('Annual tax return questionnaire');
  });

  it('for someone not yet a client, a new-client onboarding form', () => {
    const id = defaultTemplateId(eformTemplates, false);
    expect(eformTemplates.find((t) => t.templateId === id)!.name).toMatch(/^New client onboarding/);
  });

  it('skips a new-client form named so even in another category', () => {
    const templates = [
      template(1, 'Welcome pack for a new client', 'General'),
      template(2, 'Bank details update', 'Billing'),
    ];
    expect(defaultTemplateId(templates, true)).toBe(2);
  });

  it('falls back to the first template when none suits, and to nothing without templates', () => {
    expect(defaultTemplateId([template(7, 'New client onboarding — trust', 'Onboarding')], true)).toBe(7);
    expect(defaultTemplateId([], true)).toBeNull();
  });
});
