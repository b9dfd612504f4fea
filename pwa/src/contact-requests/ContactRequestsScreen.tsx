import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function ContactRequestsScreen() {
  return <NotBuiltScreen title="ContactRequestsScreen" />;
}
