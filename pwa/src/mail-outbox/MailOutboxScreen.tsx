import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function MailOutboxScreen() {
  return <NotBuiltScreen title="MailOutboxScreen" />;
}
