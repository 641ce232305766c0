import type { OutboxOutcome } from '../../src-preload/contract/outbox/outbox-entry';
import { customEformSchemaIssues, eformCreateSchema, schemaGuideSchema } from '../../src-preload/contract/partner-api';
import type { PartnerApiClient } from '../partner-api/partner-api-client';

/**
 * Before an eForm with a custom schema goes out, main reads the practice's schema guide and applies the
 * contract's per-type rules (`customEformSchemaIssues` with the guide) — the same rule the builder applies as
 * the form is made. The queue already checked the form's shape; this is the last moment before the form is
 * sent to the client (and billed), and the guide may have changed since the form was built (a type no
 * longer offered, a merge field withdrawn), or the entry may come from a build or a database that never
 * saw the guide. A form the guide refuses → `rejected` with each issue, never sent; the entry stays to be
 * edited. An eForm made only from templates needs no read.
 */
export async function checkCustomEformSchemas(
  api: PartnerApiClient,
  body: unknown,
): Promise<{ outcome: OutboxOutcome } | { body: unknown }> {
  const eform = eformCreateSchema.parse(body);
  const custom = [
    ...(eform.schema != null ? [{ at: 'schema', schema: eform.schema }] : []),
    ...(eform.forms ?? []).flatMap((form, i) =>
      form.schema != null ? [{ at: `forms.${i}.schema`, schema: form.schema }] : [],
    ),
  ];
  if (custom.length === 0) return { body };
  const { data: guide } = await api.request('GET', '/eforms/schema-guide', schemaGuideSchema, { priority: 'outbox' });
  const fields = custom.flatMap(({ at, schema }) =>
    customEformSchemaIssues(schema, guide).map((issue) => ({
      path: [at, ...issue.path.map(String)].join('.').slice(0, 200),
      message: issue.message.slice(0, 500),
    })),
  );
  if (fields.length === 0) return { body };
  return {
    outcome: {
      kind: 'rejected',
      problem: {
        status: null,
        title: 'Not sent',
        message:
          'This form does not follow the practice’s schema guide as it is now, so it was not sent. Edit the form and send it again.',
        fields: fields.slice(0, 50),
      },
    },
  };
}
