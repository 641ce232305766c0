/** Codes Node gives a certificate it could not verify: the likely cause is a proxy that inspects TLS. */
const UNTRUSTED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
]);

/**
 * Why the hub did not start (or stop), in one line an administrator can act on: Node's fetch says only "fetch failed"
 * and keeps the reason in its `cause` chain (the socket's or the handshake's error, sometimes one per address).
 */
export function describeFailure(error: unknown): string {
  const said: string[] = [];
  const codes = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || value === undefined) return;
    if (value instanceof AggregateError) for (const inner of value.errors) visit(inner, depth + 1);
    if (value instanceof Error) {
      if (value.message && !said.includes(value.message)) said.push(value.message);
      const code = (value as { code?: unknown }).code;
      if (typeof code === 'string') codes.add(code);
      visit(value.cause, depth + 1);
    } else if (typeof value === 'string' && !said.includes(value)) said.push(value);
  };
  visit(error, 0);
  const [first = 'an unknown error', ...reasons] = said;
  let line = reasons.length > 0 ? `${first} (${reasons.join('; ')})` : first;
  if ([...codes].some((code) => UNTRUSTED_CERTIFICATE.has(code)))
    line +=
      ". The Partner API's certificate is not from an authority this machine trusts: if the practice's network" +
      ' inspects TLS, give its authority with NODE_EXTRA_CA_CERTS=FILE or use --system-ca (HUB_SYSTEM_CA=1).';
  return line;
}
