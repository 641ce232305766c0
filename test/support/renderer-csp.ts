import { rendererHeaderCsp } from '../../src-main/security/content-security-policy';

/**
 * The renderer's production policy as index.html's <meta> carries it: the header main sends, less
 * frame-ancestors (a <meta> policy ignores it).
 */
export function rendererMetaCsp(): string {
  return rendererHeaderCsp()
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors '))
    .join('; ');
}
