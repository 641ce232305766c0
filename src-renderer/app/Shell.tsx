import { ClientFacingLayout } from '../client-facing/ClientFacingLayout';
import { useClientFacing } from '../client-facing/client-facing-store';
import { Layout } from './Layout';

/**
 * The window's frame: the staff layout, or while the screen is turned to a client the plain one that
 * shows that client only. Nothing is drawn until main has said which, so a reload in the mode never
 * flashes the client list.
 */
export function Shell() {
  const loaded = useClientFacing((s) => s.loaded);
  const active = useClientFacing((s) => s.active);
  if (!loaded) return null;
  return active ? <ClientFacingLayout target={active} /> : <Layout />;
}
