import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function UserFormScreen() {
  return <NotBuiltScreen title="UserFormScreen" />;
}
